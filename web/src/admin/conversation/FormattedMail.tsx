import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { queryKeys } from '../queries/keys';
import { useAdminServices } from '../services';

/** Whether the sanitised HTML holds remote images kept back as `data-src`. */
const hasRemoteImages = (html: string) => /<img\b[^>]*\sdata-src=/i.test(html);

/**
 * The actions under a received mail (`children`: its download) and, when the mail has HTML, the
 * mail as its sender formatted it, on request. The API serves it as a page of its own under its own
 * policy (docs/mail.md#reading-answers: no scripts, nothing remote), in a sandboxed frame here too;
 * its remote images come only in a page asked for with them. A `srcdoc` frame would inherit the
 * admin's own policy, which loads no image from elsewhere, so asking for them would show nothing.
 */
export function FormattedMail(props: { id: string; html: string | null; subject: string; children: ReactNode }) {
  const { html, subject, children } = props;
  const { api } = useAdminServices();
  const [shown, setShown] = useState(false);
  const [remoteImages, setRemoteImages] = useState(false);
  // A fresh signed link each time the page is asked for: it lives a minute, the frame opens it at once.
  const page = useQuery({
    queryKey: queryKeys.formattedMail(props.id, remoteImages),
    queryFn: () => api.inboundHtmlLink(props.id, remoteImages),
    enabled: html !== null && shown,
    staleTime: 0,
    gcTime: 0,
  });
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
      {shown && page.error && <p className="field-error">{page.error.message}</p>}
      {shown && page.data && (
        <iframe
          className="formatted-mail"
          title={`Formatted mail: ${subject || '(no subject)'}`}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="no-referrer"
          src={page.data.url}
        />
      )}
    </>
  );
}
