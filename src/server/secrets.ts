/** Comparing shared secrets without leaking, through timing, how much of a guess was right. */

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/**
 * Whether `given` equals `expected`, in time that depends on neither: both are hashed first, so
 * lengths do not matter, and every byte of the hashes is compared.
 */
export async function secretsMatch(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}
