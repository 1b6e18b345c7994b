/**
 * What the site's build uses of the advisor (src/pages/_lib/advisor-index.ts): making the index
 * from the content (corpus/), and the advisor built on it, which picks the chat's starter
 * questions. Pages reach the advisor's build through this file only.
 */
export { ADVISOR_ARTICLE_LIMIT, advisorArticles, buildAdvisorIndex } from './corpus/build';
export { joinNames } from './corpus/docs';
export { englishStemsAhead } from './corpus/english';
export type { AdvisorIndex } from './corpus/schema';
export { prepareAdvisor } from './engine/advisor';
export { starterQuestions } from './starters';
