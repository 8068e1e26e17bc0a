/** The thin bar at the top while the auth state loads. */
export function ProgressBar({ label }: { label: string }) {
  return (
    <div className="progress-bar" role="progressbar" aria-label={label}>
      <span className="progress-bar__indicator" />
    </div>
  );
}
