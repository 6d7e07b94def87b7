// "About & diagnostics": what this console is and runs on, how it reaches servers, each
// organization's connection (address, feature level, event queue), the last problems, the logs, an
// update check, and the diagnostics to copy for a support request (without keys, passwords or emails).
import type { Diagnostics } from '../../../shared/ipc';
import { formatWhenToTheSecond } from '../../../shared/domain/when';
import { PanelDialog } from '../components/PanelDialog';
import { ProblemText } from '../components/Field';
import { errorWords } from '../errors/words';
import { useDiagnostics } from '../queries/diagnostics';
import { DiagnosticsActions } from './DiagnosticsActions';
import { RealmConnections } from './RealmConnections';
import './about.css';

export function AboutDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <PanelDialog open={open} title="About & diagnostics" onClose={onClose} wide>
      <AboutBody />
    </PanelDialog>
  );
}

function AboutBody() {
  const diagnostics = useDiagnostics();
  if (diagnostics.isPending) return <p className="muted">Reading the diagnostics…</p>;
  if (diagnostics.isError) return <ProblemText message={errorWords(diagnostics.error).message} action="Close this window and try again." />;
  const data = diagnostics.data;
  return (
    <div className="about">
      <section aria-labelledby="about-app">
        <h3 id="about-app">
          {data.app.name} {data.app.version}
        </h3>
        <dl className="about-facts">
          <dt>Runs on</dt>
          <dd>{runtimeInWords(data)}</dd>
          <dt>Network</dt>
          <dd>{data.networkInWords}</dd>
          <dt>Logs</dt>
          <dd>
            {data.logsFolder ? <code>{data.logsFolder}</code> : 'None: the log folder could not be made (see the problems below).'}
            {data.logsFolder && !data.canOpenFolders && <span className="about-detail">Browser mode cannot open folders: open this one in your file manager.</span>}
          </dd>
        </dl>
      </section>
      <DiagnosticsActions diagnostics={data} />
      <RealmConnections realms={data.realms} />
      <section aria-labelledby="about-problems">
        <h3 id="about-problems">Recent problems</h3>
        {data.problems.length === 0 ? (
          <p className="muted">None since Realm Console started.</p>
        ) : (
          <ol className="about-problems" reversed>
            {[...data.problems].reverse().map((problem, index) => (
              <li key={`${problem.time}-${index}`} data-level={problem.level}>
                <time dateTime={problem.time}>{formatWhenToTheSecond(new Date(problem.time))}</time> <span>{problem.text}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function runtimeInWords({ app }: Diagnostics): string {
  const { runtime, platform } = app;
  if (runtime.kind === 'electron') return `Electron ${runtime.electron ?? '?'}, Chromium ${runtime.chrome ?? '?'}, Node ${runtime.node}, on ${platform}`;
  return `Browser mode: the core runs under Node ${runtime.node} on ${platform}, the page in this browser`;
}
