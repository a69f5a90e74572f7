/** The round floating add button above the bottom tabs. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      style={{
        position: 'fixed',
        right: 20,
        bottom: 76,
        zIndex: 20,
        width: 52,
        height: 52,
        borderRadius: 26,
        border: 'none',
        background: 'var(--adm-color-primary)',
        color: '#fff',
        fontSize: 30,
        lineHeight: '52px',
        boxShadow: '0 4px 12px rgba(22, 119, 255, 0.35)',
      }}
    >
      +
    </button>
  );
}
