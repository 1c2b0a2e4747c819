import { useEffect, useRef } from 'react';

/**
 * A PDF framed on the record page (docs/admin.md#detail-view). Chromium's PDF viewer takes the
 * focus when it has loaded the file (the page's window loses it to the frame), which would throw a
 * keyboard user out of the field they are typing in. So the frame is out of the Tab order (its
 * `Open` link opens the file), and when it takes the focus while the pointer is not over it (no
 * click into it), the focus goes back to where it was.
 */
export function PdfPreview({ src, title }: { src: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let pointerOver = false;
    let before: Element | null = document.activeElement;
    const onFocusIn = (event: FocusEvent) => {
      if (event.target !== element) before = event.target as Element;
    };
    const onBlur = () => {
      if (document.activeElement !== element || pointerOver) return;
      const back = before;
      // Once the frame has the focus: given back within the blur, the viewer's frame keeps the keys.
      setTimeout(() => {
        if (document.activeElement !== element) return;
        if (back instanceof HTMLElement && back !== document.body && back.isConnected) back.focus({ preventScroll: true });
        else element.blur();
      });
    };
    const onEnter = () => (pointerOver = true);
    const onLeave = () => (pointerOver = false);
    document.addEventListener('focusin', onFocusIn);
    window.addEventListener('blur', onBlur);
    element.addEventListener('pointerenter', onEnter);
    element.addEventListener('pointerleave', onLeave);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      window.removeEventListener('blur', onBlur);
      element.removeEventListener('pointerenter', onEnter);
      element.removeEventListener('pointerleave', onLeave);
    };
  }, []);
  return <iframe ref={frame} src={src} title={title} tabIndex={-1} />;
}
