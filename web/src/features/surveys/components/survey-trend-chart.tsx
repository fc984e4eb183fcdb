import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { TSurveyStats } from '@cd/contracts/survey';
import { chartLayoutOf, linePointsOf, ticksOf } from '../lib/chart-scale';
import { formatUsDay } from '../lib/day-format';
import { trendPointsOf } from '../lib/trend-series';

// The drawing scales to any width (preserveAspectRatio none); text stays HTML so it keeps its size on a phone.
const W = 1000;
const H = 160;

type TProps = { daily: TSurveyStats['daily']; fromDay: string; toDay: string };

/** The daily (weekly past two months) trend: sent and completed as bars, positive and negative as lines; figures in each band's tooltip. */
export function SurveyTrendChart(props: TProps) {
  const daily = trendPointsOf(props);
  const { t } = useTranslation();
  const theme = useTheme();
  const max = Math.max(0, ...daily.map((d) => Math.max(d.sent, d.completed, d.positive, d.negative)));
  // A short range keeps bars of a week's width, centred, instead of one bar across the whole chart.
  const slots = Math.max(daily.length, 7);
  const layout = chartLayoutOf({ days: slots, maxValue: max, width: W, height: H, left: ((slots - daily.length) / 2) * (W / slots) });
  const ticks = ticksOf({ niceMax: layout.niceMax });
  const gap = Math.min(layout.bandWidth * 0.2, 6);
  const colors = {
    sent: theme.palette.mode === 'dark' ? theme.palette.grey[700] : theme.palette.grey[300],
    completed: theme.palette.primary.main,
    positive: theme.palette.success.main,
    negative: theme.palette.error.main,
  };
  const series = ['sent', 'completed', 'positive', 'negative'] as const;

  return (
    <Box data-testid="surveys-chart">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 1 }}>
        {series.map((s) => (
          <Box key={s} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box sx={{ width: 12, height: s === 'sent' || s === 'completed' ? 12 : 3, borderRadius: 0.5, bgcolor: colors[s] }} />
            <Typography variant="caption" color="text.secondary">
              {t(`surveys_series_${s}`)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Box sx={{ position: 'relative', width: 28, height: H, flexShrink: 0 }} aria-hidden>
          {ticks.map((v) => (
            <Typography
              key={v}
              variant="caption"
              color="text.secondary"
              sx={{ position: 'absolute', right: 0, top: `${(1 - v / layout.niceMax) * 100}%`, transform: 'translateY(-50%)', lineHeight: 1 }}
            >
              {v}
            </Typography>
          ))}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <svg
            viewBox={`0 0 ${W} ${H}`}
            preserveAspectRatio="none"
            width="100%"
            height={H}
            role="img"
            aria-label={t('surveys_chart_label')}
            style={{ display: 'block', overflow: 'visible' }}
          >
            {ticks.map((v) => (
              <line
                key={v}
                x1={0}
                x2={W}
                y1={layout.yOf(v)}
                y2={layout.yOf(v)}
                stroke={theme.palette.divider}
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {daily.map((d, i) => {
              const x = layout.xOf(i) + gap / 2;
              const w = Math.max(layout.bandWidth - gap, 0.5);
              return (
                <g key={d.day}>
                  <rect x={x} width={w} y={layout.yOf(d.sent)} height={H - layout.yOf(d.sent)} fill={colors.sent} />
                  <rect x={x + w * 0.2} width={w * 0.6} y={layout.yOf(d.completed)} height={H - layout.yOf(d.completed)} fill={colors.completed} />
                  {/* The whole band carries the day's tooltip, so thin bars are easy to hover. */}
                  <rect x={layout.xOf(i)} width={layout.bandWidth} y={0} height={H} fill="transparent">
                    <title>
                      {t('surveys_chart_day', {
                        day: d.lastDay === d.day ? formatUsDay(d.day) : `${formatUsDay(d.day)} – ${formatUsDay(d.lastDay)}`,
                        sent: d.sent,
                        completed: d.completed,
                        positive: d.positive,
                        negative: d.negative,
                      })}
                    </title>
                  </rect>
                </g>
              );
            })}
            {daily.length > 1 &&
              (['positive', 'negative'] as const).map((s) => (
                <polyline
                  key={s}
                  points={linePointsOf({ values: daily.map((d) => d[s]), layout })}
                  fill="none"
                  stroke={colors[s]}
                  strokeWidth={2}
                  strokeLinejoin="round"
                  vectorEffect="non-scaling-stroke"
                  pointerEvents="none"
                />
              ))}
          </svg>
          {daily.length > 0 && (
            <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
              <Typography variant="caption" color="text.secondary">
                {formatUsDay(daily[0]!.day)}
              </Typography>
              {daily.length > 1 && (
                <Typography variant="caption" color="text.secondary">
                  {formatUsDay(daily[daily.length - 1]!.lastDay)}
                </Typography>
              )}
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}
