/**
 * Sends a file as a POST body and reports how much of it has gone: fetch cannot tell an upload's progress,
 * XMLHttpRequest can, and an export of hundreds of megabytes takes minutes on a home connection. Answers a
 * Response, read as fetch's is; rejects with a TypeError, as fetch does, when no answer came.
 */
export function uploadFile(url: string, file: Blob, contentType: string, onProgress: (sent: number, total: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Content-Type', contentType);
    request.upload.addEventListener('progress', (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size));
    request.addEventListener('load', () => {
      const body = request.status === 204 || request.status === 304 ? null : request.responseText;
      resolve(new Response(body, { status: request.status, headers: { 'Content-Type': request.getResponseHeader('Content-Type') ?? 'text/plain' } }));
    });
    request.addEventListener('error', () => reject(new TypeError('The upload did not reach the server.')));
    request.addEventListener('abort', () => reject(new TypeError('The upload was stopped.')));
    request.send(file);
  });
}

/** 230 MB, 4.2 MB, 0.3 MB: what a person reads of an upload's size. */
export function megabytes(bytes: number): string {
  const value = bytes / 1024 ** 2;
  return `${value >= 10 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1)} MB`;
}
