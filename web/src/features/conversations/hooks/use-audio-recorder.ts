import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baseMime } from '../../../lib/attachments';
import { toastError } from '../../../lib/toast';
import { recordingFileName } from '../lib/composer-rules';

export type TRecorderState = { kind: 'idle' } | { kind: 'starting' } | { kind: 'recording'; startedAt: number };

/** The composer's audio clip: records from the microphone and hands the finished clip to `onClip` (unless discarded). */
export function useAudioRecorder({ onClip }: { onClip: (clip: File) => void }) {
  const { t } = useTranslation();
  const [recorder, setRecorder] = useState<TRecorderState>({ kind: 'idle' });
  const [elapsed, setElapsed] = useState(0);
  const mediaRecorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const discardRecording = useRef(false);

  useEffect(() => {
    if (recorder.kind !== 'recording') return;
    const h = window.setInterval(() => setElapsed(Math.floor((Date.now() - recorder.startedAt) / 1000)), 500);
    return () => window.clearInterval(h);
  }, [recorder]);

  // Never leave the microphone on when the conversation closes.
  useEffect(
    () => () => {
      discardRecording.current = true;
      const r = mediaRecorder.current;
      if (r && r.state !== 'inactive') r.stop();
    },
    [],
  );

  const start = async () => {
    if (typeof window.MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      toastError(t('recording_unsupported'));
      return;
    }
    setRecorder({ kind: 'starting' });
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const preferred = ['audio/webm', 'audio/ogg', 'audio/mp4'].find((m) => MediaRecorder.isTypeSupported?.(m));
      const rec = preferred ? new MediaRecorder(stream, { mimeType: preferred }) : new MediaRecorder(stream);
      chunks.current = [];
      discardRecording.current = false;
      rec.ondataavailable = (e) => {
        if (e.data.size) chunks.current.push(e.data);
      };
      rec.onstop = () => {
        stream.getTracks().forEach((tr) => tr.stop());
        mediaRecorder.current = null;
        setRecorder({ kind: 'idle' });
        if (discardRecording.current || chunks.current.length === 0) return;
        const type = baseMime(rec.mimeType || preferred || 'audio/webm');
        onClip(new File(chunks.current, recordingFileName(type), { type }));
      };
      rec.start();
      mediaRecorder.current = rec;
      setElapsed(0);
      setRecorder({ kind: 'recording', startedAt: Date.now() });
    } catch {
      setRecorder({ kind: 'idle' });
      toastError(t('recording_failed_to_start'));
    }
  };

  const stop = (discard: boolean) => {
    discardRecording.current = discard;
    const r = mediaRecorder.current;
    if (r && r.state !== 'inactive') r.stop();
  };

  return { recorder, elapsed, start, stop };
}
