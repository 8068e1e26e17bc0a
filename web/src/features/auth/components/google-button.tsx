import { GoogleIcon } from '@/components/ui/icons.tsx';

export function GoogleButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  return (
    <button type="button" className="button button--google" onClick={onClick} disabled={disabled}>
      <GoogleIcon />
      CONTINUE WITH GOOGLE
    </button>
  );
}
