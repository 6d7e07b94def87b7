// What a channel name hides (shared/domain/channel-names.ts nameWarnings): invisible characters,
// unusual or doubled spaces, spaces at the ends. A warning, not a problem: the server takes such a
// name, and the user may mean it; a name that looks like another channel's is a problem instead,
// said by the duplicate check. The field names it through aria-describedby.
export function NameWarnings({ id, warnings }: { id: string; warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div id={id} className="notice name-warnings" data-tone="warning">
      {warnings.map((warning) => (
        <p key={warning}>
          <span className="visually-hidden">Warning: </span>
          {warning}
        </p>
      ))}
    </div>
  );
}
