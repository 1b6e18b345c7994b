/**
 * Which island is open. Calls to action change this through the actions below; the islands
 * subscribe, so a click made before an island hydrates is not lost.
 */
import { atom } from 'nanostores';
import { ISLAND_OPEN_EVENT } from '../lib/islands';

export type ChatMode = 'panel' | 'fullscreen';

export const $chat = atom<{ open: boolean; mode: ChatMode }>({ open: false, mode: 'panel' });
export const $questionnaireOpen = atom(false);

/** Tells the island's loader (`client:when`) that it is wanted, if it has not loaded yet. */
function announce(name: 'chat' | 'questionnaire'): void {
  if (typeof document !== 'undefined') {
    document.dispatchEvent(new CustomEvent(ISLAND_OPEN_EVENT, { detail: name }));
  }
}

export function openChat(mode: ChatMode = 'panel'): void {
  $chat.set({ open: true, mode });
  announce('chat');
}

export function closeChat(): void {
  $chat.set({ ...$chat.get(), open: false });
}

export function openQuestionnaire(): void {
  $questionnaireOpen.set(true);
  announce('questionnaire');
}

export function closeQuestionnaire(): void {
  $questionnaireOpen.set(false);
}
