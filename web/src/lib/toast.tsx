import toast, { Toaster } from 'react-hot-toast';
import { TOAST_DURATION } from '@/config/constants.ts';

// react-hot-toast keeps at most 20 toasts per toaster (its TOAST_LIMIT), the spec's limit.
export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_DURATION.success }),
  error: (message: string) => toast.error(message, { duration: TOAST_DURATION.error }),
  info: (message: string) => toast(message, { duration: TOAST_DURATION.default }),
};

export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      // Below the sticky navigation bar, so a toast never hides its links.
      containerStyle={{ top: 72 }}
      toastOptions={{
        duration: TOAST_DURATION.default,
        success: { duration: TOAST_DURATION.success },
        error: { duration: TOAST_DURATION.error },
      }}
    />
  );
}
