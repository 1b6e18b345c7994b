/**
 * The questionnaire (and the spec's consultation dialog) as a native modal <dialog> on the home
 * page. It opens when $questionnaireOpen turns true, also when a call to action was clicked
 * before this island hydrated. Closing it (Escape, the close button, the backdrop or a
 * successful submission) unmounts the wizard, so its answers are cleared and it starts again at
 * step 1 next time.
 */
import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { useStore } from '@nanostores/react';
import '../../../browser/toaster';
import { useMounted } from '../../../lib/use-mounted';
import { $questionnaireOpen, closeQuestionnaire } from '../../../stores/ui';

// The wizard and its schema load in their own chunk; the mount script prefetches it on intent.
const loadWizard = () => import('./QuestionnaireWizard');
const QuestionnaireWizard = lazy(loadWizard);

export interface QuestionnaireDialogProps {
  /** Dialog heading. */
  title: string;
  /** Short text under the heading. */
  intro?: string | undefined;
  /** Lead source recorded for answers sent from this dialog. */
  source?: string;
}

export default function QuestionnaireDialog({
  title,
  intro,
  source = 'home',
}: QuestionnaireDialogProps) {
  // Rendered closed on the server; opened once hydrated, from the store.
  const mounted = useMounted();
  const open = useStore($questionnaireOpen) && mounted;
  const dialog = useRef<HTMLDialogElement>(null);
  const toastHost = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const titleId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      el.showModal();
      // A modal dialog makes the rest of the page inert, the toasts' live region included:
      // host that region inside the dialog while it is open so toasts are seen and announced.
      const region = document.getElementById('toasts');
      if (region && toastHost.current) toastHost.current.append(region);
    } else if (!open && el.open) {
      el.close();
    }
  }, [open]);

  function handleClose() {
    const region = document.getElementById('toasts');
    if (region && toastHost.current?.contains(region)) document.body.append(region);
    closeQuestionnaire();
  }

  const close = () => dialog.current?.close();

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={handleClose}
      // A click on the backdrop lands on the dialog element itself; a text selection that
      // started inside and ended outside must not close it and lose the answers.
      onPointerDown={(e) => {
        pressStartedOnBackdrop.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        if (pressStartedOnBackdrop.current && e.target === e.currentTarget) close();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl overflow-y-auto rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-navy-950/70"
    >
      <div className="relative p-6 sm:p-8">
        <h2 id={titleId} className="pr-10 text-2xl font-bold">
          {title}
        </h2>
        {intro && <p className="mt-2 text-slate-600">{intro}</p>}
        <div className="mt-6">
          {open && (
            <Suspense
              fallback={
                <p role="status" className="py-10 text-center text-slate-600">
                  Loading the questions…
                </p>
              }
            >
              <QuestionnaireWizard source={source} autoFocus onSubmitted={close} />
            </Suspense>
          )}
        </div>
        <button
          type="button"
          onClick={close}
          aria-label="Close"
          className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-lg text-xl text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
      <div ref={toastHost} />
    </dialog>
  );
}
