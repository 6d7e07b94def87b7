// What a screen shows until it is built: its name, what it will do, and that it is not there yet.
import type { ScreenEntry } from './catalogue';

export function NotBuiltYet({ screen }: { screen: ScreenEntry }) {
  return (
    <section className="not-built">
      <h1 id="screen-title">{screen.title}</h1>
      <p>{screen.summary}</p>
      <p className="empty-state">This screen is not built yet.</p>
    </section>
  );
}
