import { ALLOWED_UPLOAD_TYPES } from './constants';

/**
 * Extensions a desktop system runs, installs or follows when the file is opened: programs, scripts,
 * shortcuts and links, installers and disk images, and Office files with macros. A file named so
 * is refused at upload whatever its bytes are (docs/hardening.md#uploads).
 */
const RUNNABLE_EXTENSIONS = new Set(
  [
    // Windows programs, scripts, shortcuts and settings
    'exe com scr pif cpl msi msp mst msc bat cmd ps1 psm1 psd1 ps1xml vb vbs vbe js jse mjs wsf wsh ws wsc hta lnk url',
    'reg inf scf gadget application appref-ms appx msix xll dll sys chm library-ms search-ms settingcontent-ms iqy slk',
    'website',
    // macOS and Linux
    'app command tool workflow action pkg mpkg dmg terminal webloc inetloc fileloc desktop sh bash zsh csh ksh run bin',
    'appimage deb rpm snap flatpakref',
    // runtimes, disk images, and pages that run scripts when opened from disk
    'jar jnlp py pyw pyc pl rb php lua apk iso img vhd vhdx svg html htm xhtml mht mhtml',
    // Office documents that carry macros
    'docm dotm xlsm xltm xlam pptm potm ppam ppsm sldm',
  ]
    .join(' ')
    .split(' ')
    .map((ext) => `.${ext}`),
);

/** What the file systems keep of a name's end: Windows drops trailing dots and spaces ('a.bat. ' is 'a.bat'). */
const effectiveName = (name: string) => name.replace(/[\s.]+$/, '');

/** The name's extension in lower case with its dot ('.pdf'), '' when it has none. */
export function extensionOf(name: string): string {
  const base = effectiveName(name).split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

/** True when opening a file of this name would run, install or follow something. */
export const canRunPrograms = (name: string) => RUNNABLE_EXTENSIONS.has(extensionOf(name));

/** Why a file named to run is refused; `shownAs` is how the sentence names it (the forms quote it). */
export const runnableFileRefused = (name: string, shownAs = name) =>
  `${shownAs} cannot be sent: ${extensionOf(name)} files can run programs. Send a PDF, a picture or an office document instead`;

const EXTENSIONS_BY_MIME = new Map<string, readonly string[]>(ALLOWED_UPLOAD_TYPES.map((t) => [t.mime, t.extensions]));

/**
 * The name a stored file is served and saved under: the visitor's name when its extension is one
 * of the type its bytes showed, else that name with the type's extension added ('notes.md' read
 * as text is 'notes.md.txt'), so what opens it is chosen by what it is.
 */
export function nameForType(name: string, mimeType: string): string {
  const extensions = EXTENSIONS_BY_MIME.get(mimeType);
  if (!extensions) return name;
  return extensions.includes(extensionOf(name)) ? name : `${effectiveName(name)}${extensions[0]}`;
}

const OPENABLE_EXTENSIONS = new Set<string>(ALLOWED_UPLOAD_TYPES.flatMap((t) => [...t.extensions]));

/** True when the name ends in the extension of a type uploads may be: the only files the desktop app opens. */
export const isOpenableFileName = (name: string) => OPENABLE_EXTENSIONS.has(extensionOf(name));
