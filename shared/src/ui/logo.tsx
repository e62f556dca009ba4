/** The product's logo: a graduation cap in the brand blue, with the name beside it when `withName`. */
export function Logo({ size = 40, withName = false }: { size?: number; withName?: boolean }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: size / 4 }}>
      <svg
        width={size}
        height={size}
        viewBox="0 0 64 64"
        role="img"
        aria-label="Trung tâm"
        focusable="false"
      >
        <rect width="64" height="64" rx="14" fill="#1e5bd8" />
        <path d="M12 26 32 16l20 10-20 10z" fill="#ffffff" />
        <path d="M21 31v9c0 3.5 5 6.5 11 6.5s11-3 11-6.5v-9l-11 5.5z" fill="#ffd54a" />
        <path d="M52 26v13" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" />
        <circle cx="52" cy="41" r="2.6" fill="#ffd54a" />
      </svg>
      {withName && (
        <span
          aria-hidden="true"
          style={{ fontWeight: 700, fontSize: size * 0.45, letterSpacing: '-0.01em', color: '#16306b' }}
        >
          Trung tâm
        </span>
      )}
    </span>
  );
}
