/**
 * Verifies a proof-of-liabilities inclusion proof from the command line (decision 098), with the same function the
 * app runs in the browser:
 *
 *   npm run verify:liabilities -- <proof.json | -> <published root hash> [asset=total …]
 *
 * The proof is the JSON the app lets a user copy or download (Mine → Verify my balance); the root (and, if given,
 * the totals) are what the public page and `GET /api/liabilities` publish. Exits 0 when the proof holds, 1 when it
 * fails (saying what failed), 2 on wrong usage.
 */
import { readFileSync } from 'node:fs';
import { verifyLiabilitiesProof } from './verify.js';

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: verify-liabilities-proof <proof.json | -> <root hash> [asset=total …]\n`);
  process.exit(2);
}

const [file, root, ...totalArgs] = process.argv.slice(2);
if (!file || !root) usage('a proof file and the published root are required');
if (!/^[0-9a-fA-F]{64}$/.test(root)) usage('the root is 64 hexadecimal digits');
const totals: Record<string, string> = {};
for (const arg of totalArgs) {
  const match = /^([a-z][a-z0-9_]*)=(\d+(\.\d{1,8})?)$/.exec(arg);
  if (!match) usage(`not asset=total: ${arg}`);
  totals[match[1]!] = match[2]!;
}

let proof: unknown;
try {
  proof = JSON.parse(readFileSync(file === '-' ? 0 : file, 'utf8'));
} catch (error) {
  usage(`cannot read the proof: ${error instanceof Error ? error.message : String(error)}`);
}

const verdict = verifyLiabilitiesProof(proof, { hash: root, totals: totalArgs.length ? totals : undefined });
if (verdict.ok) {
  process.stdout.write(`OK: uid ${verdict.uid} is included in the tree with root ${verdict.root}\n`);
  for (const [asset, amount] of Object.entries(verdict.balances))
    process.stdout.write(`  ${asset.padEnd(8)} yours ${amount.padStart(24)}   total ${verdict.totals[asset]!.padStart(24)}\n`);
  process.exit(0);
}
process.stdout.write(`FAILED (${verdict.failure}): ${verdict.detail}\n`);
process.exit(1);
