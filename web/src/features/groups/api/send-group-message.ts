import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { applyGroupMessageEvent } from '../lib/live';
import type { TGroupMessage, TKeysetPage } from '../lib/types';
import { groupKeys } from './query-keys';

export interface TSendGroupMessageInput {
  groupId: number;
  content: string;
  /** ISO, or null to send now. */
  scheduledAt: string | null;
  files: File[];
}

export function toGroupFormData(input: TSendGroupMessageInput): FormData {
  const fd = new FormData();
  fd.append('customerGroupId', String(input.groupId));
  fd.append('content', input.content);
  if (input.scheduledAt) fd.append('scheduledAt', input.scheduledAt);
  for (const f of input.files) fd.append('file[]', f, f.name);
  return fd;
}

/** POST /api/group_messages (multipart). 413 is silent: the composer shows err_total_attachment_size itself. */
export function sendGroupMessage(input: TSendGroupMessageInput): Promise<TGroupMessage> {
  return api.request<TGroupMessage>('/api/group_messages', { method: 'POST', body: toGroupFormData(input), silent: [413] });
}

export function useSendGroupMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendGroupMessage,
    onSuccess: (gm, input) => {
      if (gm && typeof gm.id === 'number')
        qc.setQueryData<InfiniteData<TKeysetPage<TGroupMessage>, unknown>>(groupKeys.messages(input.groupId), (old) => (old ? applyGroupMessageEvent(old, 'created', gm) : old));
    },
  });
}
