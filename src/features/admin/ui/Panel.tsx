/** The card that frames each admin panel: a heading, a short description and the content. */
import { useId, type ReactNode } from 'react';

export interface PanelProps {
  title: string;
  description: string;
  children: ReactNode;
}

export default function Panel({ title, description, children }: PanelProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {title}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      {children}
    </section>
  );
}
