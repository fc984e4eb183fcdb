/** Saves a blob under a file name through a temporary object URL (the download attribute names the file). */
export function saveBlob(options: { blob: Blob; fileName: string; doc?: Document }): void {
  const doc = options.doc ?? document;
  const url = URL.createObjectURL(options.blob);
  const a = doc.createElement('a');
  a.href = url;
  a.download = options.fileName;
  a.rel = 'noopener';
  doc.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked on the next task: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
