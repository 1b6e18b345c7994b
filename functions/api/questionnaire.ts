/** POST /api/questionnaire: the consultation questionnaire's answers become a lead. */
import { methodNotAllowed } from '#server/http';
import { createQuestionnaireHandler } from '../../src/features/leads/questionnaire.server';

export const onRequestPost = createQuestionnaireHandler();

export const onRequest = () => methodNotAllowed();
