// The bottom line: which console core this page talks to, or why it talks to none; and the way to the
// network settings and the diagnostics, which concern the whole console rather than one organization.
import { useState } from 'react';
import { AboutDialog } from '../about/AboutDialog';
import { NetworkDialog } from '../network/NetworkDialog';
import { useAppInfo } from '../queries/app';
import './status-line.css';

export function StatusLine() {
  const info = useAppInfo();
  const [open, setOpen] = useState<'network' | 'about' | null>(null);
  let text: string;
  if (info.isPending) text = 'Connecting to the console core…';
  else if (info.isError) text = info.error.message;
  else {
    const { version, platform, runtime } = info.data;
    const where = runtime.kind === 'electron' ? `Electron ${runtime.electron ?? ''}` : `browser mode, Node ${runtime.node}`;
    text = `Realm Console ${version} · ${platform} · ${where}`;
  }
  return (
    <footer className="status-line">
      <span role="status" data-state={info.isError ? 'error' : info.isPending ? 'pending' : 'ready'}>
        {text}
      </span>
      {info.isSuccess && (
        <span className="status-line-actions">
          <button type="button" className="link-button" onClick={() => setOpen('network')}>
            Network…
          </button>
          <button type="button" className="link-button" onClick={() => setOpen('about')}>
            About &amp; diagnostics…
          </button>
        </span>
      )}
      <NetworkDialog open={open === 'network'} onClose={() => setOpen(null)} />
      <AboutDialog open={open === 'about'} onClose={() => setOpen(null)} />
    </footer>
  );
}
