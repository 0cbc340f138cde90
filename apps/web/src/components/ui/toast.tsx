import { useToast } from '../../lib/toast';

/** Shows the current toast (lib/toast); one at a time, above everything (z-index 10090). */
export function ToastHost() {
  const toast = useToast();
  if (!toast) return null;
  return (
    <div className="toast-layer">
      <div key={toast.id} className="toast" role="status" aria-live="polite" data-testid="toast">
        {toast.message}
      </div>
    </div>
  );
}
