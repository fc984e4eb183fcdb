import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { headerLinesOf, prettyBodyOf } from '../lib/pretty-body';
import { CopyButton } from './copy-button';

const preSx = {
  m: 0,
  p: 1.5,
  borderRadius: 1,
  bgcolor: 'action.hover',
  fontFamily: 'monospace',
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  maxHeight: 360,
  overflow: 'auto',
} as const;

/**
 * One collapsible block of a logged exchange (headers or a body), open by default. A native details element:
 * keyboard and screen readers work without extra code.
 */
export function ExchangeBlock({
  title,
  text,
  testId,
  open = true,
  note,
}: {
  title: string;
  text: string | null;
  testId: string;
  open?: boolean;
  note?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box component="details" open={open} data-testid={testId} sx={{ '& > summary': { cursor: 'pointer', py: 0.5 } }}>
      <Box component="summary" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="span" variant="subtitle2" sx={{ flex: 1 }}>
          {title}
          {note && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              {note}
            </Typography>
          )}
        </Typography>
        {text && <CopyButton text={text} testId={`${testId}-copy`} />}
      </Box>
      {text ? (
        <Box component="pre" tabIndex={0} sx={preSx}>
          {text}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ pl: 1.5 }}>
          {t('dev_empty_value')}
        </Typography>
      )}
    </Box>
  );
}

export function HeadersBlock({ title, headers, testId }: { title: string; headers: Record<string, string>; testId: string }) {
  const lines = headerLinesOf(headers);
  return <ExchangeBlock title={title} text={lines || null} testId={testId} open={false} />;
}

export function BodyBlock({ title, body, testId }: { title: string; body: string | null; testId: string }) {
  const { t } = useTranslation();
  const pretty = prettyBodyOf(body);
  return <ExchangeBlock title={title} text={pretty?.text ?? null} testId={testId} note={pretty?.kind === 'json' ? t('dev_json_formatted') : undefined} />;
}
