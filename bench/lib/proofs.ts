import { proofSourceForKey, solvedProof } from '@sourcing/api/test/form-proof';
import { FORM_PROOF_HEADER } from '@sourcing/shared';
import { BENCH_ALTCHA_KEY } from './processes';

/** Proofs solved per engine before the submission routes are loaded (about 0.8 ms each); BENCH_PROOFS overrides. */
const POOL_SIZE = Number(process.env.BENCH_PROOFS ?? 30_000);

/**
 * Single-use spam-check proofs for the API under load, solved ahead so solving never slows the load.
 * Once the pool is spent a request goes without one and the API's 400 shows in the non-2xx count.
 */
export async function proofPool(size = POOL_SIZE): Promise<() => Record<string, string>> {
  const source = proofSourceForKey(BENCH_ALTCHA_KEY);
  const proofs: string[] = [];
  for (let i = 0; i < size; i++) proofs.push(await solvedProof(source));
  return (): Record<string, string> => {
    const proof = proofs.pop();
    return proof ? { [FORM_PROOF_HEADER]: proof } : {};
  };
}
