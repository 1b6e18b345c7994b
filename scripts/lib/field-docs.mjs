// Turns a collection's JSON Schema (see content-schema.mjs) into the markdown table of fields in
// docs/editing.md, and replaces the generated parts of the guide between their markers. Pure
// functions: scripts/docs.mjs reads the schema and writes the file.

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

const code = (value) => `\`${String(value)}\``;

function orList(values) {
  const items = values.map(code);
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : items[0];
}

function lengthBounds({ minLength, maxLength }) {
  if (minLength !== undefined && maxLength !== undefined)
    return `${minLength}-${maxLength} characters`;
  if (minLength !== undefined) return `at least ${minLength} characters`;
  if (maxLength !== undefined) return `at most ${maxLength} characters`;
  return '';
}

function numberBounds(schema) {
  const parts = [];
  if (schema.exclusiveMinimum !== undefined) parts.push(`above ${schema.exclusiveMinimum}`);
  if (schema.minimum !== undefined && schema.minimum > -MAX_SAFE) {
    parts.push(`at least ${schema.minimum}`);
  }
  if (schema.maximum !== undefined && schema.maximum < MAX_SAFE)
    parts.push(`at most ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) parts.push(`below ${schema.exclusiveMaximum}`);
  return parts.join(', ');
}

const withBounds = (kind, bounds) => (bounds ? `${kind}, ${bounds}` : kind);

/** What an editor writes for a field, in a few words. */
export function valueKind(schema) {
  if (schema.reference) return `id of a \`${schema.reference}\` entry`;
  if (schema.image) return 'relative path to an image file';
  if (schema.const !== undefined) return code(schema.const);
  if (schema.enum) return orList(schema.enum);
  if (schema.anyOf) return schema.anyOf.map(valueKind).join(', or ');
  switch (schema.type) {
    case 'string':
      if (schema.format === 'date') return 'date, `YYYY-MM-DD`';
      if (schema.format === 'uri') return 'absolute URL (`https://…`)';
      if (schema.format === 'email') return 'email address';
      return withBounds('text', lengthBounds(schema));
    case 'integer':
      return withBounds('whole number', numberBounds(schema));
    case 'number':
      return withBounds('number', numberBounds(schema));
    case 'boolean':
      return '`true` or `false`';
    case 'object':
      return 'group of the fields below';
    case 'array': {
      if (schema.prefixItems) {
        return `list of ${schema.prefixItems.length}: ${schema.prefixItems.map(valueKind).join(', ')}`;
      }
      const item = schema.items ?? {};
      const of =
        item.type === 'object' && !item.reference
          ? 'entries with the fields below'
          : valueKind(item);
      const count =
        schema.minItems !== undefined && schema.minItems > 0 ? `, at least ${schema.minItems}` : '';
      return `list of ${of}${count}`;
    }
    default:
      return 'any value';
  }
}

/**
 * One row per field, nested fields after their parent as `parent.child` (`parent[].child` for a
 * list of entries). `required` is relative to the parent.
 */
export function fieldRows(schema, prefix = '') {
  const required = new Set(schema.required ?? []);
  const rows = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    const notes = [field.description ?? ''];
    if (field.default !== undefined) notes.push(`Default: ${code(JSON.stringify(field.default))}.`);
    rows.push({
      path,
      required: required.has(name),
      kind: valueKind(field),
      description: notes.filter(Boolean).join(' '),
    });
    if (field.type === 'object' && field.properties) rows.push(...fieldRows(field, path));
    if (field.type === 'array' && field.items?.type === 'object' && field.items.properties) {
      rows.push(...fieldRows(field.items, `${path}[]`));
    }
  }
  return rows;
}

/** Table cell text: pipes escaped, and angle brackets so `<title>` is not read as HTML. */
const cell = (text) =>
  String(text)
    .replace(/\|/g, '\\|')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\n/g, ' ');

/** A markdown table of a collection's fields. */
export function fieldsTable(schema) {
  const lines = ['| Field | Required | Value | What it is |', '| --- | --- | --- | --- |'];
  for (const row of fieldRows(schema)) {
    lines.push(
      `| ${code(row.path)} | ${row.required ? 'yes' : 'no'} | ${cell(row.kind)} | ${cell(row.description)} |`,
    );
  }
  return lines.join('\n');
}

const startMarker = (name) => `<!-- generated:${name} (npm run docs) -->`;
const endMarker = (name) => `<!-- end generated:${name} -->`;

/**
 * The guide with the text between each `<!-- generated:NAME (npm run docs) -->` and
 * `<!-- end generated:NAME -->` pair replaced by `sections[NAME]`. Throws when a section has no
 * markers, so a renamed collection is noticed.
 */
export function replaceGenerated(guide, sections) {
  let text = guide;
  for (const [name, content] of Object.entries(sections)) {
    const start = text.indexOf(startMarker(name));
    const end = text.indexOf(endMarker(name));
    if (start === -1 || end === -1 || end < start) {
      throw new Error(
        `docs/editing.md has no "${startMarker(name)}" … "${endMarker(name)}" markers`,
      );
    }
    text = `${text.slice(0, start + startMarker(name).length)}\n\n${content}\n\n${text.slice(end)}`;
  }
  return text;
}
