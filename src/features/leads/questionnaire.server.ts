/**
 * The questionnaire's server side: validates the answers with the shared contract, checks the
 * honeypot and (when configured) Turnstile, and delivers the lead once per Idempotency-Key
 * (leads.server.ts). functions/api/questionnaire.ts adapts it to the route.
 */
import type { RouteHandler } from '#server/env';
import { parseWith } from '#server/http';
import { humanCheck, type TurnstileEnv } from './turnstile.server';
import { questionnaireRequestSchema } from './contract';
import type { QuestionnaireLead } from './lead';
import { createLeadHandler, type LeadHandlerOptions } from './leads.server';

export type QuestionnaireEnv = TurnstileEnv;

/**
 * POST /api/questionnaire. Answers {ok:true,id}; 400 with field errors for bad answers; 413
 * over 16 KB; 403 when Turnstile is configured and the token does not pass. A filled honeypot
 * gets a 200 and nothing is stored or sent. A repeated Idempotency-Key gets the first answer
 * and creates no second lead or email. Tests pass a short timeout and their own key memory.
 */
export function createQuestionnaireHandler(
  options: LeadHandlerOptions = {},
): RouteHandler<QuestionnaireEnv> {
  return createLeadHandler<QuestionnaireEnv>(
    {
      parse(body) {
        const parsed = parseWith(questionnaireRequestSchema, body, {
          code: 'invalid_answers',
          message: 'Some answers are missing or invalid.',
        });
        const { website: _honeypot, turnstileToken, source, ...answers } = parsed;
        const lead: QuestionnaireLead = {
          kind: 'questionnaire',
          ...answers,
          source: source ?? null,
        };
        return { lead, verify: humanCheck(turnstileToken) };
      },
    },
    options,
  );
}
