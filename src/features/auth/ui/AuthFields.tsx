/** The sign-in card's parts: its labelled fields and the tab panels that hold the two forms. */
import type { InputHTMLAttributes, ReactNode } from 'react';

export type Tab = 'sign-in' | 'sign-up';

/** The email field is the same in both forms. */
export const EMAIL_FIELD = {
  label: 'Email',
  type: 'email',
  name: 'email',
  autoComplete: 'email',
  required: true,
} as const;

/** The password field of both forms; each says which password it takes (`autoComplete`). */
export const PASSWORD_FIELD = {
  label: 'Password',
  type: 'password',
  name: 'password',
  required: true,
} as const;

export interface FieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'className'
> {
  label: string;
  value: string;
  onValue: (value: string) => void;
}

/** A labelled text input; the label wraps it, so the label's text is its accessible name. */
export function Field({ label, value, onValue, ...input }: FieldProps) {
  return (
    <label className="block text-sm font-medium text-slate-800">
      {label}
      <input
        {...input}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        className="field mt-1"
      />
    </label>
  );
}

interface TabPanelProps {
  tab: Tab;
  current: Tab;
  tabId: (tab: Tab) => string;
  panelId: (tab: Tab) => string;
  children: ReactNode;
}

/** One tab's panel; the other stays in the page, hidden, so what was typed there is kept. */
export function TabPanel({ tab, current, tabId, panelId, children }: TabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={panelId(tab)}
      aria-labelledby={tabId(tab)}
      hidden={tab !== current}
      className="pt-5"
    >
      {children}
    </div>
  );
}
