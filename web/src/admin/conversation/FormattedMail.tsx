import { useMemo, useState, type ReactNode } from 'react';
import { mailDocument, withRemoteImages } from './formatted-mail';

/** Whether the sanitised HTML holds remote images kept back as `data-src`. */
const hasRemoteImages = (html: string) => /<img\b[^>]*\sdata-src=/i.test(html);

/**
 * The actions under a received mail (`children`: its download) and, when the mail has HTML, the
 * mail as its sender formatted it, on request: in a sandboxed frame without scripts
 * (formatted-mail.ts), its remote images only once staff load them.
 */
export function FormattedMail({ html, subject, children }: { html: string | null; subject: string; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const [remoteImages, setRemoteImages] = useState(false);
  const document = useMemo(
    () => (html !== null && shown ? mailDocument(remoteImages ? withRemoteImages(html) : html, remoteImages) : ''),
    [html, shown, remoteImages],
  );
  return (
    <>
      <div className="mail-actions">
        {html !== null && (
          <button type="button" className="button button-small" onClick={() => setShown(!shown)}>
            {shown ? 'Hide formatted' : 'Show formatted'}
          </button>
        )}
        {html !== null && shown && !remoteImages && hasRemoteImages(html) && (
          <button type="button" className="button button-small" onClick={() => setRemoteImages(true)}>
            Load remote images
          </button>
        )}
        {children}
      </div>
      {shown && (
        <iframe
          className="formatted-mail"
          title={`Formatted mail: ${subject || '(no subject)'}`}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="no-referrer"
          srcDoc={document}
        />
      )}
    </>
  );
}
