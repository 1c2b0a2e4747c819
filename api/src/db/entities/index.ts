import type { Engine } from '../engine';
import { contactMessageEntity } from './contact-message';
import { inquiryEntity } from './inquiry';
import { subscriberEntity } from './subscriber';
import { supplierInquiryEntity } from './supplier-inquiry';
import { uploadedFileEntity } from './uploaded-file';

/** The records visitors submit, with column types fitting the engine. */
export function recordEntities(engine: Engine) {
  return [contactMessageEntity(engine), subscriberEntity(engine), inquiryEntity(engine), supplierInquiryEntity(engine), uploadedFileEntity(engine)];
}
