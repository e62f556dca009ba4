/** What a failed call tells the user. */
import { reasonOf, refusalOf } from '../src/api';
import { refusedCall } from '../src/testing';

const refused = (status: number, message = 'Tỉ lệ người dùng từ 0 đến 100 (%)') => refusedCall(status, { error: { code: 'X', message } });

describe('refusalOf', () => {
  it('gives the API’s own message for any 4xx, a 400 included (where reasonOf keeps the generic text)', () => {
    expect(refusalOf(refused(400), 'Có lỗi')).toBe('Tỉ lệ người dùng từ 0 đến 100 (%)');
    expect(reasonOf(refused(400), 'Có lỗi')).toBe('Có lỗi');
    expect(refusalOf(refused(409, 'Phiên bản này đang là bản ổn định'), 'Có lỗi')).toBe('Phiên bản này đang là bản ổn định');
  });

  it('keeps the fallback for a server failure or no answer at all', () => {
    expect(refusalOf(refused(500, 'stack'), 'Có lỗi')).toBe('Có lỗi');
    expect(refusalOf(new Error('offline'), 'Có lỗi')).toBe('Có lỗi');
  });
});
