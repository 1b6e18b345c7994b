/**
 * JSON-LD, the structured data format Google recommends: which blocks parse, which schema.org
 * types they describe, and which properties Google's documentation asks for are missing. The
 * table is kept to the types small businesses use; other types are listed but not judged.
 */

/** A property, or alternatives of which one is enough (`offers|review|aggregateRating`). */
type Need = string;

interface TypeRule {
  /** The schema.org types the rule covers (a subtype listed here is judged the same way). */
  types: readonly string[];
  /** Properties Google's rich-result documentation marks required. */
  required: readonly Need[];
  /** Properties it recommends; a missing one is a warning, not a failure. */
  recommended: readonly Need[];
  /** Required properties of each item of a list property, e.g. each question of an FAQPage. */
  items?: { property: string; required: readonly Need[] };
}

/**
 * What Google Search Central documents for each type (developers.google.com/search/docs/
 * appearance/structured-data/<type>): Article has no required properties, only recommended ones;
 * Organization likewise; LocalBusiness requires name and address; Product requires a name and
 * one of offers, review or aggregateRating; FAQPage requires questions each with an answer's
 * text; BreadcrumbList requires items each with a position and a name; Event requires a name, a
 * start date and a location. The LocalBusiness subtypes are the common ones, not all of them.
 */
export const TYPE_RULES: readonly TypeRule[] = [
  {
    types: ['Article', 'NewsArticle', 'BlogPosting'],
    required: [],
    recommended: ['headline', 'author', 'datePublished', 'image'],
  },
  {
    types: [
      'LocalBusiness',
      'ProfessionalService',
      'Store',
      'Restaurant',
      'FoodEstablishment',
      'HomeAndConstructionBusiness',
      'Plumber',
      'Electrician',
      'HVACBusiness',
      'RoofingContractor',
      'GeneralContractor',
      'AutomotiveBusiness',
      'AutoRepair',
      'MedicalBusiness',
      'Dentist',
      'LegalService',
      'Attorney',
      'FinancialService',
      'AccountingService',
      'RealEstateAgent',
      'HealthAndBeautyBusiness',
    ],
    required: ['name', 'address'],
    recommended: ['telephone', 'url'],
  },
  {
    types: ['Organization', 'Corporation', 'NGO'],
    required: [],
    recommended: ['name', 'url', 'logo'],
  },
  { types: ['Product'], required: ['name', 'offers|review|aggregateRating'], recommended: [] },
  {
    types: ['FAQPage'],
    required: ['mainEntity'],
    recommended: [],
    items: { property: 'mainEntity', required: ['name', 'acceptedAnswer'] },
  },
  {
    types: ['BreadcrumbList'],
    required: ['itemListElement'],
    recommended: [],
    items: { property: 'itemListElement', required: ['position', 'name|item'] },
  },
  { types: ['Event'], required: ['name', 'startDate', 'location'], recommended: [] },
];

/** One entity's shortfall. */
export interface Shortfall {
  type: string;
  required: string[];
  recommended: string[];
}

/** What the page's JSON-LD amounts to. */
export interface StructuredData {
  blocks: number;
  /** Blocks that are not valid JSON. */
  invalid: number;
  /** Every @type found (top level and @graph), in order, once each. */
  types: string[];
  /** Entities of a judged type with something missing. */
  shortfalls: Shortfall[];
}

type Entity = Record<string, unknown>;

function present(entity: Entity, need: Need): boolean {
  return need.split('|').some((name) => {
    const value = entity[name];
    return (
      value !== undefined &&
      value !== null &&
      value !== '' &&
      !(Array.isArray(value) && value.length === 0)
    );
  });
}

function typesOf(entity: Entity): string[] {
  const type = entity['@type'];
  const list = Array.isArray(type) ? type : [type];
  // A full IRI (https://schema.org/Article) names the same type as its last segment.
  return list
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^.*[/#]/, ''));
}

/** Top-level entities of a parsed block: the value itself, array items and @graph members. */
function entitiesOf(value: unknown): Entity[] {
  if (Array.isArray(value)) return value.flatMap(entitiesOf);
  if (!value || typeof value !== 'object') return [];
  const entity = value as Entity;
  const graph = entity['@graph'];
  return graph ? [...(entity['@type'] ? [entity] : []), ...entitiesOf(graph)] : [entity];
}

function judge(entity: Entity, type: string, rule: TypeRule): Shortfall | undefined {
  const required = rule.required.filter((need) => !present(entity, need));
  if (rule.items && present(entity, rule.items.property)) {
    const raw = entity[rule.items.property];
    const items = (Array.isArray(raw) ? raw : [raw]).filter(
      (item): item is Entity => !!item && typeof item === 'object',
    );
    for (const need of rule.items.required) {
      if (items.some((item) => !present(item, need))) {
        required.push(`${rule.items.property}[].${need.replace(/\|.*/, '')}`);
      }
    }
  }
  const recommended = rule.recommended.filter((need) => !present(entity, need));
  if (required.length === 0 && recommended.length === 0) return undefined;
  return {
    type,
    required: required.map((n) => n.replaceAll('|', ' or ')),
    recommended: recommended.map((n) => n.replaceAll('|', ' or ')),
  };
}

/** Parses each JSON-LD block's text and judges the entities against TYPE_RULES. */
export function readStructuredData(blocks: readonly string[]): StructuredData {
  const result: StructuredData = { blocks: blocks.length, invalid: 0, types: [], shortfalls: [] };
  for (const text of blocks) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      result.invalid++;
      continue;
    }
    for (const entity of entitiesOf(parsed)) {
      for (const type of typesOf(entity)) {
        if (!result.types.includes(type)) result.types.push(type);
        const rule = TYPE_RULES.find((r) => r.types.includes(type));
        const shortfall = rule && judge(entity, type, rule);
        if (shortfall) result.shortfalls.push(shortfall);
      }
    }
  }
  return result;
}
