/** The bytes of a Blob (or a part of it): `arrayBuffer()` where the Blob has it, FileReader otherwise (jsdom). */
export function blobBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Whether this browser can inflate a part of a Blob as a stream (the fast xlsx preview needs both). */
export function canStreamInflate(blob: Blob): boolean {
  return typeof blob.stream === 'function' && typeof DecompressionStream === 'function';
}
