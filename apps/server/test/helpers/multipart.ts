/** Builds multipart/form-data bodies for app.inject, in the order given (fields first, then files). */
export type FormEntry =
  | [name: string, value: string]
  | [name: string, file: { data: Uint8Array; filename: string; contentType: string }];

export async function multipartBody(entries: FormEntry[]) {
  const form = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.data], { type: value.contentType }), value.filename);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}
