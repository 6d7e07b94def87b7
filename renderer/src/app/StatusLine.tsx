// The bottom line: which console core this page talks to, or why it talks to none.
import { useAppInfo } from '../queries/app';

export function StatusLine() {
  const info = useAppInfo();
  let text: string;
  if (info.isPending) text = 'Connecting to the console core…';
  else if (info.isError) text = info.error.message;
  else {
    const { version, platform, runtime } = info.data;
    const where = runtime.kind === 'electron' ? `Electron ${runtime.electron ?? ''}` : `browser mode, Node ${runtime.node}`;
    text = `Realm Console ${version} · ${platform} · ${where}`;
  }
  return (
    <footer className="status-line" role="status" data-state={info.isError ? 'error' : info.isPending ? 'pending' : 'ready'}>
      {text}
    </footer>
  );
}
