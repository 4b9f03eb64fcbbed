import { unzipSync } from 'fflate';

/** The files of a downloaded ZIP by name (folders left out), read with fflate, the library the API writes exports with. */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const entries = unzipSync(new Uint8Array(zip));
  return new Map(Object.entries(entries).filter(([name]) => !name.endsWith('/')).map(([name, bytes]) => [name, Buffer.from(bytes)]));
}
