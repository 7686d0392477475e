import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { signUp, useTestApp } from './helper';

const t = useTestApp();

const boundary = '----punchclock-test';
const head = (field: string, filename: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;

const routes = [
  { url: '/api/upload-profile', field: 'profile_picture', filename: 'me.png' },
  { url: '/employees/import', field: 'file', filename: 'people.csv' },
];

describe.each(routes)('POST $url with a malformed multipart body', ({ url, field, filename }) => {
  it('answers 400 with a message when the content type has no boundary', async () => {
    const s = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...s.auth, 'content-type': 'multipart/form-data' },
      payload: `${head(field, filename)}Name,Employee ID\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: messages.general.malformedUpload, code: 'bad_request' });
  });

  it('answers 400 with a message when the body is cut off inside the file part', async () => {
    const s = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...s.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${head(field, filename)}Name,Employee ID\r\nAda,A1`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: messages.general.malformedUpload, code: 'bad_request' });
    const employees = await t.db.selectFrom('employees').select('id').execute();
    expect(employees).toEqual([]);
  });
});
