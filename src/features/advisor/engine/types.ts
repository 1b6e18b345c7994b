/** What the built-in advisor answers, and how sure it is. */
import type { ChatSource } from '../contract';

/**
 * answer: quoted from the sections that answer; choices: the likely sections offered, none being
 * likely enough to quote; decline: the site does not cover it, a person is offered; handoff: the
 * visitor asked for a person; smalltalk: a greeting or thanks.
 */
export type ReplyKind = 'answer' | 'choices' | 'decline' | 'handoff' | 'smalltalk';

export interface AdvisorReply {
  /** Markdown. */
  content: string;
  /** The sections the reply quotes, in its order, each linked to its exact place. */
  sources: ChatSource[];
  kind: ReplyKind;
  /** 0-1: how sure it is that its sections answer (retrieve.ts); below DECLINE_BELOW it declines. */
  confidence: number;
  /** The reply says the site does not cover the question (or part of it) and offers a person. */
  declined: boolean;
  /** The reply offers a person: the questionnaire, a mailbox and the chat's hand-off form. */
  handoff: boolean;
  /** Sections' names to choose from (each sends that name) when none is likely enough to quote. */
  choices?: string[];
}
