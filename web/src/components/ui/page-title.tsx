import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

/** A settings or tool page's heading: its name (the page's one h1) and a line saying what it is for. */
export function PageTitle(props: { title: string; intro: string; sx?: SxProps<Theme> }) {
  return (
    <Box sx={props.sx}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {props.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {props.intro}
      </Typography>
    </Box>
  );
}
