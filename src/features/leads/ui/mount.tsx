/**
 * The questionnaire dialog's lazily loaded entry: QuestionnaireDialog.astro imports this module
 * the first time the dialog is opened, so React and the wizard are fetched only then.
 */
import { createRoot } from 'react-dom/client';
import QuestionnaireDialog, { type QuestionnaireDialogProps } from './QuestionnaireDialog';

/** Renders the dialog into `root` and leaves it mounted for the page's life. */
export function mountQuestionnaire(root: HTMLElement, props: QuestionnaireDialogProps): void {
  createRoot(root).render(<QuestionnaireDialog {...props} />);
}
