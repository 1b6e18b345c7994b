/**
 * Which island is open. Calls to action change this through the actions below; the islands
 * subscribe, so a click made before an island hydrates is not lost.
 */
import { atom } from 'nanostores';

export type ChatMode = 'panel' | 'fullscreen';

export const $chat = atom<{ open: boolean; mode: ChatMode }>({ open: false, mode: 'panel' });
export const $questionnaireOpen = atom(false);

export function openChat(mode: ChatMode = 'panel'): void {
  $chat.set({ open: true, mode });
}

export function closeChat(): void {
  $chat.set({ ...$chat.get(), open: false });
}

export function openQuestionnaire(): void {
  $questionnaireOpen.set(true);
}

export function closeQuestionnaire(): void {
  $questionnaireOpen.set(false);
}
