import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { fillOffer, offerInput, storedByDefinition } from './fillers';
import {
  confirmation,
  download,
  field,
  submittedReference,
  findSupplierInquiries,
  formReady,
  pngFile,
  postAnswered,
  SUPPLIER_POST_PATH,
  tabTo,
  toast,
  uniqueEmail,
  watchPosts,
} from './support';

const FORM_PATH = '/supplier-inquiry';
const submit = (page: Page) => page.getByRole('button', { name: 'Submit Product Offer' });
const chosenFiles = (page: Page) => page.getByRole('list', { name: 'Chosen files' }).getByRole('listitem');

/** docs/forms.md#offer-messages: the supplier form's required fields and their messages. */
const REQUIRED_MESSAGES: [label: string, message: string][] = [
  ['Full Name', 'Full Name is required'],
  ['Company Name', 'Company Name is required'],
  ['Phone', 'Phone Number is required'],
  ['Email', 'Email is required'],
  ['Product Name', 'Product Name is required'],
  ['Product Category', 'Product Category is required'],
  ['Monthly Supply Capacity', 'Supply Capacity is required'],
  ['Price per Unit', 'Price is required'],
  ['Country of Origin', 'Country of Origin is required'],
];

test.describe('Supplier Product Submission Form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(FORM_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Supplier Product Submission Form' })).toBeVisible();
    await formReady(page);
  });

  test('has its seven sections and the defaults of docs/forms.md#offer-sections-and-fields; export markets only when exporting', async ({
    page,
  }) => {
    await expect(page.locator('.form-section-title')).toHaveText([
      '1. Supplier Information',
      '2. Product Details',
      '3. Trade & Logistics',
      '4. Specifications & Packaging',
      '5. Compliance & Payment Terms',
      '6. Upload Product Images / Certificates',
      '7. Additional Comments',
    ]);
    await expect(field(page, 'Unit')).toHaveValue('MT');
    await expect(field(page, 'Currency')).toHaveValue('USD');
    await expect(field(page, 'Incoterm')).toHaveValue('FOB');
    await expect(field(page, 'Country calling code')).toHaveValue('IN');
    const exports = page.getByRole('group', { name: 'Do you export internationally?' });
    const labelling = page.getByRole('group', { name: 'Private Labeling / Custom Packaging Available?' });
    await expect(exports.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await expect(labelling.getByRole('radio', { name: 'No' })).toBeChecked();
    for (const name of ['ISO 9001', 'SGS', 'CE', 'RoHS', 'Others']) {
      await expect(page.getByRole('checkbox', { name, exact: true })).not.toBeChecked();
    }
    await expect(field(page, 'Main Export Markets')).toBeVisible();
    await exports.getByRole('radio', { name: 'No' }).check();
    await expect(field(page, 'Main Export Markets')).toHaveCount(0);
    await exports.getByRole('radio', { name: 'Yes' }).check();
    await expect(field(page, 'Main Export Markets')).toBeVisible();
  });

  test('an empty submit shows every required message beside its field and sends nothing', async ({ page }, testInfo) => {
    const posts = watchPosts(page, SUPPLIER_POST_PATH);
    await submit(page).click();
    await expect(toast(page, 'Please fill all required fields')).toBeVisible();
    for (const [label, message] of REQUIRED_MESSAGES) {
      await expect(field(page, label)).toHaveAttribute('aria-invalid', 'true');
      await expect(field(page, label)).toHaveAccessibleDescription(message);
    }
    await expect(page.locator('.form-error')).toHaveCount(REQUIRED_MESSAGES.length);
    await expect(field(page, 'Full Name')).toBeFocused();
    // Blank after trimming is still empty.
    await field(page, 'Product Name').fill('   ');
    await submit(page).click();
    await expect(field(page, 'Product Name')).toHaveAccessibleDescription('Product Name is required');

    // Then a complete offer: once it is answered, a POST of either refused submit would have been seen.
    const email = uniqueEmail(testInfo, 'after-empty');
    await fillOffer(page, offerInput(email));
    expect((await postAnswered(page, SUPPLIER_POST_PATH, submit(page))).ok()).toBe(true);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toContain(email);
  });

  test('capacity, MOQ and price take digits and a dot; phone takes digits', async ({ page }) => {
    for (const label of ['Monthly Supply Capacity', 'Minimum Order Quantity (MOQ)', 'Price per Unit']) {
      await field(page, label).pressSequentially('1,2a0.5.0$');
      await expect(field(page, label)).toHaveValue('120.50');
    }
    await field(page, 'Phone').pressSequentially('(020) 123-4567');
    await expect(field(page, 'Phone')).toHaveValue('0201234567');
  });

  test('a complete offer (every field of its definition) with two images is stored with the composed texts of docs/forms.md#composed-texts and both files downloadable', async ({
    page,
    request,
  }, testInfo) => {
    const input = offerInput(uniqueEmail(testInfo, 'supplier'));
    await fillOffer(page, input);
    const front = pngFile('front.png', 100);
    const back = pngFile('back.png', 200);
    const unwanted = pngFile('unwanted.png', 300);
    await field(page, 'Product Images / Certificates').setInputFiles([front, unwanted]);
    await field(page, 'Product Images / Certificates').setInputFiles(back);
    await expect(chosenFiles(page)).toHaveCount(3);
    await page.getByRole('button', { name: 'Remove unwanted.png' }).click();
    await expect(chosenFiles(page)).toHaveCount(2);
    await expect(chosenFiles(page).first()).toContainText('front.png');
    await expect(chosenFiles(page).last()).toContainText('back.png');
    await submit(page).click();

    const reference = await submittedReference(page, 'Product submitted successfully!');
    const [record] = await findSupplierInquiries(request, input.email);
    expect(record.reference).toBe(reference);
    expect(record).toMatchObject({
      fullName: input.fullName,
      companyName: input.companyName,
      designation: input.designation,
      gstNumber: input.gstNumber,
      phoneNumber: `+233 ${input.phone}`,
      email: input.email,
      address: input.address,
      productName: input.productName,
      productCategory: input.productCategory,
      productDescription: input.productDescription,
      supplyCapacity: '5000 KG/month',
      unit: 'KG',
      minOrderQuantity: '250.5 KG',
      pricePerUnit: 'EUR 0.85 per KG',
      currency: 'EUR',
      leadTime: input.leadTime,
      incoterm: 'CIF',
      originCountry: input.originCountry,
      portOfLoading: input.portOfLoading,
      exportCapability: 'Yes',
      exportMarkets: input.exportMarkets,
      certifications: ['ISO 9001', 'SGS'],
      productSpecs: input.productSpecs,
      packagingDetails: input.packagingDetails,
      privateLabeling: 'Yes',
      paymentTerms: input.paymentTerms,
      additionalComments: input.additionalComments,
      ...storedByDefinition(input.byDefinition),
    });
    expect(record.attachmentFiles.map((f) => f.originalName)).toEqual(['front.png', 'back.png']);
    expect((await download(request, record.attachmentFiles[0].url)).equals(front.buffer)).toBe(true);
    expect((await download(request, record.attachmentFiles[1].url)).equals(back.buffer)).toBe(true);

    await expect(field(page, 'Product Name')).toHaveValue('');
    await expect(field(page, 'Unit')).toHaveValue('MT');
    await expect(field(page, 'Currency')).toHaveValue('USD');
    await expect(field(page, 'Incoterm')).toHaveValue('FOB');
    await expect(page.getByRole('checkbox', { name: 'SGS', exact: true })).not.toBeChecked();
    await expect(chosenFiles(page)).toHaveCount(0);
  });

  test('a supplier who does not export sends no export markets', async ({ page, request }, testInfo) => {
    const input = { ...offerInput(uniqueEmail(testInfo, 'local')), certifications: [] };
    await fillOffer(page, input);
    await page.getByRole('group', { name: 'Do you export internationally?' }).getByRole('radio', { name: 'No' }).check();
    await submit(page).click();
    await expect(confirmation(page)).toContainText('Product submitted successfully!');
    const [record] = await findSupplierInquiries(request, input.email);
    expect(record).toMatchObject({ exportCapability: 'No', exportMarkets: '', certifications: [], attachmentFiles: [] });
  });

  test("a failure without the server's words shows the fallback of docs/forms.md#success-and-failure and keeps every value", async ({
    page,
  }, testInfo) => {
    const input = offerInput(uniqueEmail(testInfo, 'gateway'));
    await fillOffer(page, input);
    await field(page, 'Product Images / Certificates').setInputFiles(pngFile('front.png'));
    // What a proxy in front of the API answers when the API is down: no JSON, no message.
    await page.route(`**${SUPPLIER_POST_PATH}`, (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }),
    );
    await submit(page).click();
    await expect(toast(page, 'Failed to submit product')).toBeVisible();
    await expect(field(page, 'Monthly Supply Capacity')).toHaveValue(input.supplyCapacity);
    await expect(field(page, 'Currency')).toHaveValue(input.currency);
    await expect(page.getByRole('checkbox', { name: 'SGS', exact: true })).toBeChecked();
    await expect(chosenFiles(page)).toHaveCount(1);
    await expect(submit(page)).toBeEnabled();
  });

  test('refuses an eleventh file before uploading, with the limits shown beside the input', async ({ page }) => {
    const picker = field(page, 'Product Images / Certificates');
    await expect(picker).toHaveAccessibleDescription(/PDF, PNG, JPEG.*up to 10 files, 10 MB each/);
    await picker.setInputFiles(Array.from({ length: 10 }, (_, i) => pngFile(`photo-${i}.png`, i)));
    await expect(chosenFiles(page)).toHaveCount(10);
    await picker.setInputFiles(pngFile('one-too-many.png', 11));
    await expect(picker).toHaveAccessibleDescription(/Attach at most 10 files/);
    await expect(chosenFiles(page)).toHaveCount(10);
  });

  test('a half-filled offer survives a reload', async ({ page }) => {
    await field(page, 'Product Name').fill('Olive Oil');
    await field(page, 'Unit').selectOption('Litre');
    await page.getByRole('checkbox', { name: 'CE', exact: true }).check();
    await page.getByRole('group', { name: 'Do you export internationally?' }).getByRole('radio', { name: 'No' }).check();
    await page.reload();
    await expect(field(page, 'Product Name')).toHaveValue('Olive Oil');
    await expect(field(page, 'Unit')).toHaveValue('Litre');
    await expect(page.getByRole('checkbox', { name: 'CE', exact: true })).toBeChecked();
    await expect(field(page, 'Main Export Markets')).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear form' }).click();
    await expect(field(page, 'Product Name')).toHaveValue('');
    await expect(field(page, 'Unit')).toHaveValue('MT');
  });

  test('can be completed with the keyboard alone', async ({ page, request }, testInfo) => {
    test.slow(); // many single key presses on a machine shared with other suites
    const email = uniqueEmail(testInfo, 'keyboard-supplier');
    const typeInto = async (label: string, text: string) => {
      await tabTo(page, field(page, label));
      await page.keyboard.type(text);
    };
    await typeInto('Full Name', 'Lena Keys');
    await typeInto('Company Name', 'Keyboard Oils');
    await typeInto('Phone', '611223344');
    await typeInto('Email', email);
    await typeInto('Product Name', 'Olive Oil');
    await typeInto('Product Category', 'Agro');
    await typeInto('Monthly Supply Capacity', '40');
    await page.keyboard.press('Tab');
    await page.keyboard.type('L'); // the unit select, right after the capacity
    await expect(field(page, 'Unit')).toHaveValue('Litre');
    await typeInto('Price per Unit', '3.2');
    await typeInto('Country of Origin', 'Spain');
    const exports = page.getByRole('group', { name: 'Do you export internationally?' });
    await tabTo(page, exports.getByRole('radio', { name: 'Yes' }));
    await page.keyboard.press('ArrowRight');
    await expect(exports.getByRole('radio', { name: 'No' })).toBeChecked();
    await tabTo(page, page.getByRole('checkbox', { name: 'CE', exact: true }));
    await page.keyboard.press('Space');
    await tabTo(page, submit(page));
    await page.keyboard.press('Enter');

    await submittedReference(page, 'Product submitted successfully!');
    const [record] = await findSupplierInquiries(request, email);
    expect(record).toMatchObject({
      supplyCapacity: '40 Litre/month',
      pricePerUnit: 'USD 3.2 per Litre',
      exportCapability: 'No',
      certifications: ['CE'],
      phoneNumber: '+91 611223344',
    });
  });

  test('has no axe violations, empty or showing its messages', async ({ page }) => {
    test.slow(); // many steps (or a full-page scan) on a machine shared with other suites
    const scan = async () => (await new AxeBuilder({ page }).include('.form-page').analyze()).violations;
    expect(await scan()).toEqual([]);
    await field(page, 'Product Images / Certificates').setInputFiles(pngFile('front.png'));
    await submit(page).click();
    await expect(field(page, 'Price per Unit')).toHaveAccessibleDescription('Price is required');
    expect(await scan()).toEqual([]);
  });

  test('fits a 375 px wide screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await submit(page).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.locator('.form-grid').first()).toHaveCSS('grid-template-columns', /^\d+(\.\d+)?px$/);
  });
});
