/** POST /api/questionnaire: the consultation questionnaire's answers become a lead. */
import { createQuestionnaireHandler } from '#features/leads/questionnaire.server';

export const questionnaire = createQuestionnaireHandler();
