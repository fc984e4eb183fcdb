import useMediaQuery from '@mui/material/useMediaQuery';

/** Spec part 1 §2: the reduced mobile layout applies at 768 px wide or narrower. */
export const MOBILE_QUERY = '(max-width:768px)';

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, { noSsr: true });
}
