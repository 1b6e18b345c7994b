/** Page copy from src/content/blocks.yaml, failing the build with the missing key's name. */
import { getEntry, type CollectionEntry } from 'astro:content';

export type Block = CollectionEntry<'blocks'>['data'];

/** The block with this key; a missing key is a build error naming the key and the file. */
export async function getBlock(id: string): Promise<Block> {
  const entry = await getEntry('blocks', id);
  if (!entry) throw new Error(`Missing block "${id}" in src/content/blocks.yaml`);
  return entry.data;
}

/** Several blocks by key, as a record a page reads by name (`copy.hero.title`). */
export async function getBlocks<const K extends string>(...ids: K[]): Promise<Record<K, Block>> {
  const blocks = await Promise.all(ids.map(getBlock));
  return Object.fromEntries(ids.map((id, i) => [id, blocks[i]])) as Record<K, Block>;
}

/** The <title> of a page headed by this block: its short SEO title, else its title. */
export function pageTitle(block: Pick<Block, 'title' | 'seoTitle'>): string {
  return block.seoTitle ?? block.title;
}
