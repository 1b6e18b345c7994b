/**
 * Toasts shared by every island: at most three visible, each gone after four seconds.
 * src/browser/toaster.ts renders them into one live region.
 */
import { atom } from 'nanostores';

export const TOAST_DURATION_MS = 4000;
export const TOAST_LIMIT = 3;

export type ToastVariant = 'default' | 'success' | 'info' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string | undefined;
  variant: ToastVariant;
}

export const $toasts = atom<Toast[]>([]);

let nextId = 1;

/** Shows a toast and returns its id; the oldest goes when more than three are shown. */
export function showToast(
  toast: Omit<Toast, 'id' | 'variant'> & { variant?: ToastVariant },
): number {
  const id = nextId++;
  const entry: Toast = { variant: 'default', ...toast, id };
  $toasts.set([...$toasts.get(), entry].slice(-TOAST_LIMIT));
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
