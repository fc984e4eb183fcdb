import Box from '@mui/material/Box';
import type { TSearchSnippet } from '@cd/contracts/search';

/**
 * A snippet with its hits marked. Only text nodes and <mark> elements: whatever the text holds (markup included)
 * is shown as text. Ranges that overlap, run backwards or fall outside the text are ignored.
 */
export function HighlightedText({ snippet }: { snippet: TSearchSnippet }) {
  const parts: Array<{ text: string; hit: boolean }> = [];
  let at = 0;
  const ranges = [...snippet.highlights].sort((x, y) => x[0] - y[0]);
  for (const [start, end] of ranges) {
    if (start < at || end <= start || end > snippet.text.length) continue;
    if (start > at) parts.push({ text: snippet.text.slice(at, start), hit: false });
    parts.push({ text: snippet.text.slice(start, end), hit: true });
    at = end;
  }
  if (at < snippet.text.length) parts.push({ text: snippet.text.slice(at), hit: false });
  return (
    <>
      {parts.map((p, i) =>
        p.hit ? (
          <Box
            key={i}
            component="mark"
            data-testid="search-highlight"
            sx={{ bgcolor: 'warning.light', color: 'warning.contrastText', borderRadius: 0.5, px: 0.25, fontWeight: 600 }}
          >
            {p.text}
          </Box>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}
