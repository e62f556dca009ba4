/** Answers compressed for a client that accepts it (brotli, else gzip); small answers and the exports as they are. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { API, setUpTestApp } from './helpers';

const ctx = setUpTestApp();

const LIST = `${API}/user/list?limit=50&page=1&sort_column=id&sort_type=DESC&relationships=roles`;
const get = (url: string, acceptEncoding?: string) =>
  ctx.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ctx.tok.admin}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

describe('compressed answers', () => {
  it('sends a list brotli-compressed to a client that accepts brotli, the same data once decompressed', async () => {
    const plain = await get(LIST);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(LIST, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('falls back to gzip for a client that does not accept brotli', async () => {
    const gzip = await get(LIST, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual((await get(LIST)).json());
  });

  it("honours a client's refusal of brotli (q=0), and a kept list's compressed copy follows an edit", async () => {
    expect((await get(LIST, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get(LIST, 'identity')).headers['content-encoding']).toBeUndefined();
    const before = await get(LIST, 'br');
    expect(brotliDecompressSync(before.rawPayload).toString('utf8')).not.toContain('moi.nen@trungtam.vn');
    const created = await ctx.t.app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      headers: { authorization: `Bearer ${ctx.tok.admin}` },
      payload: { email: 'moi.nen@trungtam.vn', name: 'Giáo viên Nén', password: 'matkhau123', type: 'teacher', phone_number: '0911111111', status: 1, roles: [{ id: 3 }] },
    });
    expect(created.statusCode).toBe(201);
    const after = await get(LIST, 'br');
    expect(after.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(after.rawPayload).toString('utf8')).toContain('moi.nen@trungtam.vn');
  });

  it('leaves answers under 1 KB as they are', async () => {
    const small = await get(`${API}/user/list?limit=1&page=1&sort_column=id&sort_type=DESC&type=teacher&search=zzzz-nobody`, 'br');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.rows).toEqual([]);
  });

  it('sends an export (a workbook, compressed already) as it is', async () => {
    const res = await get(`${API}/user/export?type=student&limit=100&page=1`, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.length).toBeGreaterThan(0);
  });
});
