import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { fillInquiry, inquiryInput, storedByDefinition } from './fillers';
import {
  confirmation,
  download,
  field,
  submittedReference,
  findInquiries,
  formReady,
  INQUIRY_POST_PATH,
  PDF_FILE,
  postAnswered,
  tabTo,
  toast,
  uniqueEmail,
  watchPosts,
} from './support';

const FORM_PATH = '/commodity-inquiry';
const submit = (page: Page) => page.getByRole('button', { name: 'Submit Inquiry' });

/** docs/forms.md#inquiry-messages: every message of an empty inquiry, on the field it belongs to. */
const REQUIRED_MESSAGES: [label: string, message: string][] = [
  ['Full Name', 'Full Name is required'],
  ['Company Name', 'Company Name is required'],
  ['Phone', 'Phone Number is required'],
  ['Email', 'Email is required'],
  ['Quantity', 'Quantity is required'],
  ['Unit', 'Unit is required'],
  ['Destination Country', 'Destination Country is required'],
  ['Destination Port', 'Destination Port is required'],
  ['Dispatch Mode', 'Dispatch Mode is required'],
];

test.describe('Commodity Inquiry Form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(FORM_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Commodity Inquiry Form' })).toBeVisible();
    await formReady(page);
  });

  test('has its nine sections, the required marks of docs/forms.md#inquiry-sections-and-fields and the calling codes with India first chosen', async ({
    page,
  }) => {
    const sections = page.locator('.form-section-title');
    await expect(sections).toHaveText([
      '1. Customer Information',
      '2. Select Commodities',
      '3. Commodity Specifications',
      '4. Packaging Requirements',
      '5. Shipping & Incoterms',
      '6. Compliance & Certifications',
      '7. Payment Terms',
      '8. Attach Supporting Documents',
      '9. Additional Comments',
    ]);
    const marked = await page.locator('label:has(.form-required), legend:has(.form-required)').allInnerTexts();
    expect(marked.map((t) => t.replace(/\s*\*$/, ''))).toEqual([
      'Full Name',
      'Company Name',
      'Phone',
      'Email',
      'Quantity',
      'Destination Country',
      'Destination Port',
    ]);
    const callingCode = field(page, 'Country calling code');
    await expect(callingCode).toHaveValue('IN');
    await expect(callingCode.locator('option:checked')).toHaveText('India (+91)');
    const names = await callingCode.locator('option').allInnerTexts();
    expect(names.length).toBeGreaterThan(200);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
    await expect(page.getByRole('group', { name: 'Are you:' }).getByRole('radio')).toHaveCount(3);
    await expect(field(page, 'Unit')).toHaveValue('Select Unit');
    await expect(page.getByRole('button', { name: 'Clear form' })).toBeVisible();
  });

  test('an empty submit shows every required message beside its field, focuses the first and sends nothing', async ({
    page,
  }, testInfo) => {
    const posts = watchPosts(page, INQUIRY_POST_PATH);
    await submit(page).click();
    await expect(toast(page, 'Please fill all required fields')).toBeVisible();
    for (const [label, message] of REQUIRED_MESSAGES) {
      await expect(field(page, label)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, label)).toHaveAccessibleDescription(message);
    }
    await expect(page.getByRole('group', { name: 'Are you:' })).toHaveAccessibleDescription('User Type is required');
    await expect(page.getByRole('group', { name: 'Commodities' })).toHaveAccessibleDescription('Select at least one commodity');
    await expect(field(page, 'Full Name')).toBeFocused();
    await expect(field(page, 'Full Name')).toBeInViewport();

    // Then a complete inquiry: once it is answered, a POST of the empty one would have been seen.
    const email = uniqueEmail(testInfo, 'after-empty');
    await fillInquiry(page, inquiryInput(email));
    expect((await postAnswered(page, INQUIRY_POST_PATH, submit(page))).ok()).toBe(true);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toContain(email);
  });

  test('asks to specify Others, the Others dispatch mode and a unit still on Select Unit', async ({ page }, testInfo) => {
    const posts = watchPosts(page, INQUIRY_POST_PATH);
    const input = inquiryInput(uniqueEmail(testInfo, 'conditional'));
    await fillInquiry(page, { ...input, otherCommodity: '   ', customDispatchMode: '' });
    await field(page, 'Unit').selectOption('Select Unit');
    await submit(page).click();
    await expect(toast(page, 'Please fill all required fields')).toBeVisible();
    await expect(field(page, 'Other Commodity')).toHaveAccessibleDescription('Specify other commodity');
    await expect(field(page, 'Specify Dispatch Mode')).toHaveAccessibleDescription('Specify dispatch mode');
    await expect(field(page, 'Unit')).toHaveAccessibleDescription('Unit is required');
    await expect(page.locator('.form-error')).toHaveCount(3);
    await expect(field(page, 'Other Commodity')).toBeFocused();

    // Completed, it is sent once: a POST of the refused submit would have been seen before this answer.
    await field(page, 'Other Commodity').fill(input.otherCommodity);
    await field(page, 'Specify Dispatch Mode').fill(input.customDispatchMode);
    await field(page, 'Unit').selectOption(input.unit);
    expect((await postAnswered(page, INQUIRY_POST_PATH, submit(page))).ok()).toBe(true);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toContain(input.customDispatchMode);
  });

  test('filters quantity, purity and phone as docs/forms.md#keystroke-filters says', async ({ page }) => {
    const quantity = field(page, 'Quantity');
    await quantity.pressSequentially('1a2.3.4-');
    await expect(quantity).toHaveValue('12.34');
    await quantity.fill('');
    await quantity.pressSequentially('15.');
    await quantity.blur();
    await expect(quantity).toHaveValue('15');

    const purity = field(page, 'Purity (%)');
    await purity.pressSequentially('9x9.5');
    await purity.blur();
    await expect(purity).toHaveValue('99.5%');
    await purity.focus();
    await expect(purity).toHaveValue('99.5');
    await purity.fill('');
    await purity.pressSequentially('150');
    await expect(purity).toHaveValue('100');

    const phone = field(page, 'Phone');
    await phone.pressSequentially('+98 76-54a3');
    await expect(phone).toHaveValue('9876543');
  });

  test('a complete inquiry with a PDF is stored exactly as typed, the file downloadable, the form back to its defaults', async ({
    page,
    request,
  }, testInfo) => {
    const input = inquiryInput(uniqueEmail(testInfo, 'buyer'));
    await fillInquiry(page, input);
    await field(page, 'Supporting Document').setInputFiles(PDF_FILE);
    await expect(page.getByRole('list', { name: 'Chosen files' })).toContainText(PDF_FILE.name);
    await submit(page).click();

    const reference = await submittedReference(page, 'Inquiry submitted successfully!');

    const [record] = await findInquiries(request, input.email);
    expect(record.reference).toBe(reference);
    expect(record).toMatchObject({
      fullName: input.fullName,
      companyName: input.companyName,
      designation: input.designation,
      gstNumber: input.gstNumber,
      phoneNumber: `+971 ${input.phone}`,
      email: input.email,
      address: input.address,
      addressCountry: input.address,
      userType: 'Trader',
      commodities: ['Coal', 'Others'],
      otherCommodity: input.otherCommodity,
      quantity: input.quantity,
      unit: 'MT',
      purity: '98.5%',
      technicalSpecs: input.techSpecs,
      packagingType: input.packagingType,
      packagingSize: input.packagingSize,
      specialPackaging: input.specialPackaging,
      destinationCountry: input.destinationCountry,
      destinationPort: input.destinationPort,
      dispatchMode: 'Others',
      customDispatchMode: input.customDispatchMode,
      deliveryTimeline: input.deliveryTimeline,
      certifications: input.certifications,
      regulatoryCompliance: input.regulatoryCompliance,
      paymentTerms: input.paymentTerms,
      comments: input.comments,
      ...storedByDefinition(input.byDefinition),
    });
    expect(record.attachmentFiles).toHaveLength(1);
    expect(record.attachmentFiles[0].originalName).toBe(PDF_FILE.name);
    expect((await download(request, record.attachmentFiles[0].url)).equals(PDF_FILE.buffer)).toBe(true);

    await expect(field(page, 'Full Name')).toHaveValue('');
    await expect(field(page, 'Unit')).toHaveValue('Select Unit');
    await expect(page.getByRole('checkbox', { name: 'Coal', exact: true })).not.toBeChecked();
    await expect(page.getByRole('list', { name: 'Chosen files' })).toHaveCount(0);
    await page.reload();
    await expect(field(page, 'Company Name')).toHaveValue('');
  });

  test('opened from a commodity card, exactly that commodity is chosen and a kept draft is announced', async ({ page }) => {
    test.slow(); // many steps (or a full-page scan) on a machine shared with other suites
    const commodities = page.getByRole('group', { name: 'Commodities' });
    const notice = page.locator('.form-header').getByRole('status');
    const fromCard = async (name: string) => {
      await page.goto('/');
      await page.locator('#commodities').getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(FORM_PATH);
    };

    // A first card on a fresh form: its commodity, nothing to tell.
    await fromCard('Gems');
    await expect(commodities.getByRole('checkbox', { checked: true })).toHaveCount(1);
    await expect(commodities.getByRole('checkbox', { name: 'Gems', exact: true })).toBeChecked();
    await expect(notice).toHaveText('');

    // Back home and another card: that one instead, and the visitor is told Gems was unticked.
    await page.goBack();
    await page.locator('#commodities').getByRole('link', { name: 'Coal', exact: true }).click();
    await expect(commodities.getByRole('checkbox', { name: 'Coal', exact: true })).toBeChecked();
    await expect(commodities.getByRole('checkbox', { checked: true })).toHaveCount(1);
    await expect(notice).toHaveText('Coal is now the only commodity chosen; Gems is no longer ticked.');

    // What else was typed stays, and the notice says so.
    await field(page, 'Full Name').fill('Draft Person');
    await fromCard('Iron Ore');
    await expect(commodities.getByRole('checkbox', { name: 'Iron ore (Fe 62+)', exact: true })).toBeChecked();
    await expect(commodities.getByRole('checkbox', { checked: true })).toHaveCount(1);
    await expect(field(page, 'Full Name')).toHaveValue('Draft Person');
    await expect(notice).toHaveText(
      'We kept what you typed here earlier. Iron ore (Fe 62+) is now the only commodity chosen; Coal is no longer ticked.',
    );

    // A reload is not a new arrival: the same values, the card's choice included.
    await page.reload();
    await expect(commodities.getByRole('checkbox', { name: 'Iron ore (Fe 62+)', exact: true })).toBeChecked();
    await expect(notice).toHaveText('We kept what you typed here earlier.');
    await page.getByRole('button', { name: 'Clear form' }).click();
    await expect(notice).toHaveText('');
    await expect(commodities.getByRole('checkbox', { checked: true })).toHaveCount(0);
  });

  test("a card's link names its commodity, so a new tab or an early click chooses it too", async ({ page }) => {
    await page.goto('/');
    const card = page.locator('#commodities').getByRole('link', { name: 'Olive Oil', exact: true });
    await expect(card).toHaveAttribute('href', `${FORM_PATH}?commodity=Olive+Oil`);
    await page.goto(`${FORM_PATH}?commodity=Olive+Oil`);
    await expect(page.getByRole('checkbox', { name: 'Olive Oil', exact: true })).toBeChecked();
    await expect(page.getByRole('group', { name: 'Commodities' }).getByRole('checkbox', { checked: true })).toHaveCount(1);
    // Chosen once: the address bar forgets it, so a reload does not choose it again.
    await expect(page).toHaveURL(FORM_PATH);
  });

  test('a half-filled form survives a reload, files excepted, and Clear form starts over', async ({ page }) => {
    await field(page, 'Full Name').fill('Draft Person');
    await field(page, 'Country calling code').selectOption('DE');
    await page.getByRole('checkbox', { name: 'Gems', exact: true }).check();
    await page.getByRole('radio', { name: 'Procurement Firm' }).check();
    await field(page, 'Dispatch Mode').selectOption('Others');
    await field(page, 'Specify Dispatch Mode').fill('Air freight');
    await field(page, 'Supporting Document').setInputFiles(PDF_FILE);
    await page.reload();

    await expect(field(page, 'Full Name')).toHaveValue('Draft Person');
    await expect(field(page, 'Country calling code')).toHaveValue('DE');
    await expect(page.getByRole('checkbox', { name: 'Gems', exact: true })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Procurement Firm' })).toBeChecked();
    await expect(field(page, 'Specify Dispatch Mode')).toHaveValue('Air freight');
    await expect(page.getByRole('list', { name: 'Chosen files' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear form' }).click();
    await expect(field(page, 'Full Name')).toHaveValue('');
    await expect(field(page, 'Country calling code')).toHaveValue('IN');
    await page.reload();
    await expect(field(page, 'Full Name')).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: 'Gems', exact: true })).not.toBeChecked();
  });

  test('can be completed with the keyboard alone', async ({ page, request }, testInfo) => {
    test.slow(); // many steps (or a full-page scan) on a machine shared with other suites
    const email = uniqueEmail(testInfo, 'keyboard');
    const typeInto = async (label: string, text: string) => {
      await tabTo(page, field(page, label));
      await page.keyboard.type(text);
    };
    await typeInto('Full Name', 'Kim Keys');
    await typeInto('Company Name', 'Keyboard Traders');
    await typeInto('Phone', '9812345678');
    await typeInto('Email', email);
    await tabTo(page, page.getByRole('radio', { name: 'End User' }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Trader / Agent' })).toBeChecked();
    await tabTo(page, page.getByRole('checkbox', { name: 'Bauxite', exact: true }));
    await page.keyboard.press('Space');
    await typeInto('Quantity', '300');
    await tabTo(page, field(page, 'Unit'));
    await page.keyboard.press('ArrowDown');
    await expect(field(page, 'Unit')).toHaveValue('MT');
    await typeInto('Destination Country', 'Oman');
    await typeInto('Destination Port', 'Sohar');
    await tabTo(page, field(page, 'Dispatch Mode'));
    await page.keyboard.press('ArrowDown');
    await expect(field(page, 'Dispatch Mode')).toHaveValue('FOB');
    await tabTo(page, submit(page));
    await page.keyboard.press('Enter');

    await expect(confirmation(page)).toContainText('Inquiry submitted successfully!');
    const [record] = await findInquiries(request, email);
    expect(record).toMatchObject({
      fullName: 'Kim Keys',
      phoneNumber: '+91 9812345678',
      userType: 'Trader',
      commodities: ['Bauxite'],
      unit: 'MT',
      dispatchMode: 'FOB',
    });
  });

  test('has no axe violations, empty or showing its messages', async ({ page }) => {
    test.slow(); // many steps (or a full-page scan) on a machine shared with other suites
    const scan = async () => (await new AxeBuilder({ page }).include('.form-page').analyze()).violations;
    expect(await scan()).toEqual([]);
    await page.getByRole('checkbox', { name: 'Others', exact: true }).check();
    await field(page, 'Dispatch Mode').selectOption('Others');
    await submit(page).click();
    await expect(field(page, 'Other Commodity')).toHaveAccessibleDescription('Specify other commodity');
    expect(await scan()).toEqual([]);
  });

  test('checks file type and size before uploading, with the limits shown beside the input', async ({ page }) => {
    const picker = field(page, 'Supporting Document');
    await expect(picker).toHaveAccessibleDescription(/PDF, PNG, JPEG.*one file up to 10 MB/);
    await picker.setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.from('ftypmp42') });
    await expect(picker).toHaveAccessibleDescription(/"clip\.mp4" is not an allowed file type/);
    await expect(page.getByRole('list', { name: 'Chosen files' })).toHaveCount(0);
    // A program is refused as one (docs/hardening.md#uploads).
    await picker.setInputFiles({ name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await expect(picker).toHaveAccessibleDescription(/"tool\.exe" cannot be sent: \.exe files can run programs/);
    await expect(page.getByRole('list', { name: 'Chosen files' })).toHaveCount(0);
    const tooBig = { ...PDF_FILE, name: 'huge.pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x25) };
    await picker.setInputFiles(tooBig);
    await expect(picker).toHaveAccessibleDescription(/"huge\.pdf" is larger than 10 MB/);
    await picker.setInputFiles(PDF_FILE);
    await expect(page.getByRole('list', { name: 'Chosen files' })).toContainText(PDF_FILE.name);
    await page.getByRole('button', { name: `Remove ${PDF_FILE.name}` }).click();
    await expect(page.getByRole('list', { name: 'Chosen files' })).toHaveCount(0);
  });

  test('shows the server refusing a file on the file field and keeps every value', async ({ page }, testInfo) => {
    const input = inquiryInput(uniqueEmail(testInfo, 'refused'));
    await fillInquiry(page, input);
    // Named like a PDF but a Windows program: only the server, which reads the content, can tell.
    const program = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(256)]);
    await field(page, 'Supporting Document').setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: program });
    await submit(page).click();
    await expect(field(page, 'Supporting Document')).toHaveAccessibleDescription(/The content of fake\.pdf is not a PDF/);
    await expect(toast(page, /The content of fake\.pdf is not a PDF/)).toBeVisible();
    await expect(field(page, 'Full Name')).toHaveValue(input.fullName);
    await expect(field(page, 'Specify Dispatch Mode')).toHaveValue(input.customDispatchMode);
  });

  test('a network failure says so and keeps every value and file', async ({ page }, testInfo) => {
    const input = inquiryInput(uniqueEmail(testInfo, 'offline'));
    await fillInquiry(page, input);
    await field(page, 'Supporting Document').setInputFiles(PDF_FILE);
    await page.route(`**${INQUIRY_POST_PATH}`, (route) => route.abort('internetdisconnected'));
    await submit(page).click();
    await expect(toast(page, 'Network Error')).toBeVisible();
    await expect(submit(page)).toBeEnabled();
    await expect(field(page, 'Full Name')).toHaveValue(input.fullName);
    await expect(field(page, 'Purity (%)')).toHaveValue('98.5%');
    await expect(page.getByRole('checkbox', { name: 'Coal', exact: true })).toBeChecked();
    await expect(page.getByRole('list', { name: 'Chosen files' })).toContainText(PDF_FILE.name);
  });

  test("an answer without the server's words shows 'Failed to submit inquiry', keeping every value", async ({
    page,
  }, testInfo) => {
    const input = inquiryInput(uniqueEmail(testInfo, 'empty500'));
    await fillInquiry(page, input);
    await page.route(`**${INQUIRY_POST_PATH}`, (route) => route.fulfill({ status: 500, body: '' }));
    await submit(page).click();
    await expect(toast(page, 'Failed to submit inquiry')).toBeVisible();
    await expect(submit(page)).toBeEnabled();
    await expect(field(page, 'Full Name')).toHaveValue(input.fullName);
    await expect(field(page, 'Destination Port')).toHaveValue(input.destinationPort);
    await expect(page.getByRole('checkbox', { name: 'Coal', exact: true })).toBeChecked();
  });

  test('shows upload progress (percent and size) and Submitting... while the attachment travels', async ({ page }, testInfo) => {
    test.slow(); // many steps (or a full-page scan) on a machine shared with other suites
    const input = inquiryInput(uniqueEmail(testInfo, 'progress'));
    await fillInquiry(page, input);
    const bigPdf = { ...PDF_FILE, name: 'scan.pdf', buffer: Buffer.concat([PDF_FILE.buffer, Buffer.alloc(1_500_000, 0x20)]) };
    await field(page, 'Supporting Document').setInputFiles(bigPdf);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      // About two seconds in transit (1.5 MB), time enough to see the progress while it moves.
      uploadThroughput: 800 * 1024,
    });
    await submit(page).click();
    const busy = page.getByRole('button', { name: 'Submitting...' });
    await expect(busy).toBeDisabled();
    await expect(page.getByText(/Uploading attachments: \d{1,3}% \([\d.]+ (B|KB|MB) of 1\.\d MB\)/)).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(confirmation(page)).toContainText('Inquiry submitted successfully!', { timeout: 20_000 });
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveCount(0);
    await expect(submit(page)).toBeEnabled();
  });

  test('fits a 375 px wide screen without sideways scrolling, messages shown', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('checkbox', { name: 'Others', exact: true }).check();
    await submit(page).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.locator('.form-grid').first()).toHaveCSS('grid-template-columns', /^\d+(\.\d+)?px$/);
  });
});
