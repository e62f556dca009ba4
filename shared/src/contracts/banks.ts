/**
 * The banks of NAPAS's interbank transfer network (chuyển nhanh NAPAS 247) that a VietQR can name: each
 * bank's 6-digit BIN, the acquirer ID a QR carries, with its usual short name and its legal name.
 *
 * Reviewed against published copies of NAPAS's participant list (its bankId, not the card BIN) and of the
 * VietQR bank list. Copies found in public code disagree: some give a bank's card BIN instead of its
 * transfer BIN (Agribank 970499, Saigonbank 161087, SeABank 970468, Indovina 888999); the transfer BIN is
 * the one a QR must carry. Banks renamed since keep their BIN; the former name stays for staff who still
 * know them by it.
 */

export interface Bank {
  /** The bank's NAPAS BIN: 6 digits. */
  bin: string;
  shortName: string;
  name: string;
  /** The name the bank had before, when staff or payers may still use it. */
  formerly?: string;
}

export const BANKS: readonly Bank[] = [
  { bin: '970436', shortName: 'Vietcombank', name: 'Ngân hàng TMCP Ngoại thương Việt Nam' },
  { bin: '970415', shortName: 'VietinBank', name: 'Ngân hàng TMCP Công thương Việt Nam' },
  { bin: '970418', shortName: 'BIDV', name: 'Ngân hàng TMCP Đầu tư và Phát triển Việt Nam' },
  { bin: '970405', shortName: 'Agribank', name: 'Ngân hàng Nông nghiệp và Phát triển Nông thôn Việt Nam' },
  { bin: '970416', shortName: 'ACB', name: 'Ngân hàng TMCP Á Châu' },
  { bin: '970422', shortName: 'MB', name: 'Ngân hàng TMCP Quân đội' },
  { bin: '970407', shortName: 'Techcombank', name: 'Ngân hàng TMCP Kỹ thương Việt Nam' },
  { bin: '970432', shortName: 'VPBank', name: 'Ngân hàng TMCP Việt Nam Thịnh Vượng' },
  { bin: '970403', shortName: 'Sacombank', name: 'Ngân hàng TMCP Sài Gòn Thương Tín' },
  { bin: '970423', shortName: 'TPBank', name: 'Ngân hàng TMCP Tiên Phong' },
  { bin: '970437', shortName: 'HDBank', name: 'Ngân hàng TMCP Phát triển Thành phố Hồ Chí Minh' },
  { bin: '970441', shortName: 'VIB', name: 'Ngân hàng TMCP Quốc tế Việt Nam' },
  { bin: '970443', shortName: 'SHB', name: 'Ngân hàng TMCP Sài Gòn – Hà Nội' },
  { bin: '970431', shortName: 'Eximbank', name: 'Ngân hàng TMCP Xuất Nhập khẩu Việt Nam' },
  { bin: '970426', shortName: 'MSB', name: 'Ngân hàng TMCP Hàng Hải Việt Nam' },
  { bin: '970440', shortName: 'SeABank', name: 'Ngân hàng TMCP Đông Nam Á' },
  { bin: '970448', shortName: 'OCB', name: 'Ngân hàng TMCP Phương Đông' },
  { bin: '970449', shortName: 'LPBank', name: 'Ngân hàng TMCP Lộc Phát Việt Nam', formerly: 'LienVietPostBank' },
  { bin: '970428', shortName: 'Nam A Bank', name: 'Ngân hàng TMCP Nam Á' },
  { bin: '970425', shortName: 'ABBANK', name: 'Ngân hàng TMCP An Bình' },
  { bin: '970438', shortName: 'BaoViet Bank', name: 'Ngân hàng TMCP Bảo Việt' },
  { bin: '970409', shortName: 'Bac A Bank', name: 'Ngân hàng TMCP Bắc Á' },
  { bin: '970412', shortName: 'PVcomBank', name: 'Ngân hàng TMCP Đại Chúng Việt Nam' },
  { bin: '970400', shortName: 'Saigonbank', name: 'Ngân hàng TMCP Sài Gòn Công Thương' },
  { bin: '970429', shortName: 'SCB', name: 'Ngân hàng TMCP Sài Gòn' },
  { bin: '970427', shortName: 'VietABank', name: 'Ngân hàng TMCP Việt Á' },
  { bin: '970433', shortName: 'VietBank', name: 'Ngân hàng TMCP Việt Nam Thương Tín' },
  { bin: '970452', shortName: 'Kienlongbank', name: 'Ngân hàng TMCP Kiên Long' },
  { bin: '970419', shortName: 'NCB', name: 'Ngân hàng TMCP Quốc Dân' },
  { bin: '970430', shortName: 'PGBank', name: 'Ngân hàng TMCP Thịnh vượng và Phát triển', formerly: 'Ngân hàng TMCP Xăng dầu Petrolimex' },
  { bin: '970408', shortName: 'GPBank', name: 'Ngân hàng Thương mại TNHH MTV Dầu Khí Toàn Cầu' },
  { bin: '970454', shortName: 'BVBank', name: 'Ngân hàng TMCP Bản Việt', formerly: 'Viet Capital Bank' },
  { bin: '970406', shortName: 'Vikki Bank', name: 'Ngân hàng TNHH MTV Số Vikki', formerly: 'DongA Bank' },
  { bin: '970414', shortName: 'MBV', name: 'Ngân hàng TNHH MTV Việt Nam Hiện Đại', formerly: 'OceanBank' },
  { bin: '970444', shortName: 'VCBNeo', name: 'Ngân hàng Thương mại TNHH MTV Ngoại thương Công nghệ số', formerly: 'CBBank' },
  { bin: '970446', shortName: 'Co-opBank', name: 'Ngân hàng Hợp tác xã Việt Nam' },
  { bin: '970421', shortName: 'VRB', name: 'Ngân hàng Liên doanh Việt – Nga' },
  { bin: '970434', shortName: 'Indovina Bank', name: 'Ngân hàng TNHH Indovina' },
  { bin: '999888', shortName: 'VBSP', name: 'Ngân hàng Chính sách Xã hội Việt Nam' },
  { bin: '970424', shortName: 'Shinhan Bank', name: 'Ngân hàng TNHH MTV Shinhan Việt Nam' },
  { bin: '970457', shortName: 'Woori Bank', name: 'Ngân hàng TNHH MTV Woori Việt Nam' },
  { bin: '970458', shortName: 'UOB', name: 'Ngân hàng TNHH MTV United Overseas Bank (Việt Nam)' },
  { bin: '970439', shortName: 'Public Bank', name: 'Ngân hàng TNHH MTV Public Việt Nam', formerly: 'VID Public Bank' },
  { bin: '458761', shortName: 'HSBC', name: 'Ngân hàng TNHH MTV HSBC (Việt Nam)' },
  { bin: '970410', shortName: 'Standard Chartered', name: 'Ngân hàng TNHH MTV Standard Chartered Bank (Việt Nam)' },
  { bin: '422589', shortName: 'CIMB', name: 'Ngân hàng TNHH MTV CIMB Việt Nam' },
  { bin: '970442', shortName: 'Hong Leong Bank', name: 'Ngân hàng TNHH MTV Hong Leong Việt Nam' },
  { bin: '668888', shortName: 'KBank', name: 'Ngân hàng Đại chúng TNHH Kasikornbank – Chi nhánh TP. Hồ Chí Minh' },
  { bin: '796500', shortName: 'DBS Bank', name: 'DBS Bank Ltd – Chi nhánh TP. Hồ Chí Minh' },
  { bin: '533948', shortName: 'Citibank', name: 'Ngân hàng Citibank, N.A. – Chi nhánh Hà Nội' },
  { bin: '970455', shortName: 'IBK Hà Nội', name: 'Ngân hàng Công nghiệp Hàn Quốc – Chi nhánh Hà Nội' },
  { bin: '970456', shortName: 'IBK TP.HCM', name: 'Ngân hàng Công nghiệp Hàn Quốc – Chi nhánh TP. Hồ Chí Minh' },
  { bin: '970462', shortName: 'Kookmin Hà Nội', name: 'Ngân hàng Kookmin – Chi nhánh Hà Nội' },
  { bin: '970463', shortName: 'Kookmin TP.HCM', name: 'Ngân hàng Kookmin – Chi nhánh TP. Hồ Chí Minh' },
  { bin: '970467', shortName: 'KEB Hana Hà Nội', name: 'Ngân hàng KEB Hana – Chi nhánh Hà Nội' },
  { bin: '970466', shortName: 'KEB Hana TP.HCM', name: 'Ngân hàng KEB Hana – Chi nhánh TP. Hồ Chí Minh' },
  { bin: '801011', shortName: 'Nonghyup', name: 'Ngân hàng Nonghyup – Chi nhánh Hà Nội' },
  // Digital banks with a BIN of their own, run by a bank of the list.
  { bin: '546034', shortName: 'Cake by VPBank', name: 'Ngân hàng số Cake by VPBank (Ngân hàng TMCP Việt Nam Thịnh Vượng)' },
  { bin: '546035', shortName: 'Ubank by VPBank', name: 'Ngân hàng số Ubank by VPBank (Ngân hàng TMCP Việt Nam Thịnh Vượng)' },
  { bin: '963388', shortName: 'Timo', name: 'Ngân hàng số Timo by BVBank (Ngân hàng TMCP Bản Việt)' },
];

const BY_BIN: ReadonlyMap<string, Bank> = new Map(BANKS.map((bank) => [bank.bin, bank]));

/** The bank of a BIN, or undefined for a BIN that is not on the list. */
export const bankByBin = (bin: string): Bank | undefined => BY_BIN.get(bin);
