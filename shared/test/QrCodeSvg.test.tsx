import { render, screen } from '@testing-library/react';
import { QrCodeSvg } from '../src/ui/QrCodeSvg';

const URL_TEXT = 'https://api.trungtam.vn/api/v1/calendar/user/7/feed.ics?token=abcdefghijklmnopqrstuvwxyz012345';

describe('a QR code', () => {
  it('is an SVG named by its label: a square of modules inside its quiet zone, no image to load', async () => {
    render(<QrCodeSvg text={URL_TEXT} label="Mã QR của đường dẫn lịch" size={180} />);
    const qr = await screen.findByRole('img', { name: 'Mã QR của đường dẫn lịch' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr).toHaveAttribute('width', '180');
    const [, , width, height] = (qr.getAttribute('viewBox') ?? '').split(' ').map(Number);
    expect(width).toBe(height);
    // version 1 is 21 modules a side, plus two quiet modules each side
    expect(width).toBeGreaterThanOrEqual(25);
    expect((qr.querySelector('path')?.getAttribute('d') ?? '').match(/M/g)?.length).toBeGreaterThan(100);
    expect(qr.querySelector('image')).toBeNull();
  });

  it('draws another code for another text', async () => {
    const { rerender } = render(<QrCodeSvg text={URL_TEXT} label="Mã QR" />);
    const first = (await screen.findByRole('img', { name: 'Mã QR' })).querySelector('path')?.getAttribute('d');
    rerender(<QrCodeSvg text={URL_TEXT.replace('abcdef', 'zyxwvu')} label="Mã QR" />);
    expect(screen.getByRole('img', { name: 'Mã QR' }).querySelector('path')?.getAttribute('d')).not.toBe(first);
  });

  it('draws nothing for a text the encoder refuses', async () => {
    render(
      <>
        <QrCodeSvg text={URL_TEXT} label="Mã QR đúng" />
        <QrCodeSvg text={'x'.repeat(8000)} label="Mã QR quá dài" />
      </>,
    );
    // (both drawn once the encoder is there)
    await screen.findByRole('img', { name: 'Mã QR đúng' });
    expect(screen.queryByRole('img', { name: 'Mã QR quá dài' })).toBeNull();
    expect(document.querySelectorAll('svg')).toHaveLength(1);
  });
});
