import { Slide, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { usePreferences } from '../lib/preferences';

/** The toast container; providers.tsx loads this file lazily so the library stays out of the entry chunk. */
export function Toasts() {
  const { resolvedMode } = usePreferences();
  // Spec part 1 §9: top-right, 5000 ms, at most 10, drag to dismiss at 80 %.
  // Offset below the top bar so toasts never cover the user menu.
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      limit={10}
      draggablePercent={80}
      theme={resolvedMode}
      transition={Slide}
      newestOnTop
      style={{ top: 72 }}
    />
  );
}
