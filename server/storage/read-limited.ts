// Reads a request body into memory, holding no more than a limit, so a huge
// upload is refused without being kept. Past the limit the rest is read and
// dropped (up to a bound), so the client, still sending, gets its 413 answer
// instead of a reset connection.

export class BodyTooLargeError extends Error {}

/** How much of an oversized body is read and dropped before the connection is cut. */
const DRAIN_BYTES = 64 * 1024 * 1024;

export async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await drain(reader, DRAIN_BYTES);
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number) {
  let dropped = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    dropped += value.byteLength;
    if (dropped > maxBytes) {
      await reader.cancel().catch(() => {});
      return;
    }
  }
}
