/**
 * Sample OpenTrack records for the fake (protocol doc §1.4-§1.9, values from the OT-NET sample responses) and their
 * XML, with the vendor's quirks: YYYYMMDD dates, `0` for "no date", HHMM times without a leading zero, empty
 * elements as `<X />`, every number a string.
 */

export interface TFakeOtLine {
  serviceLineNumber: string;
  lineType: string;
  transCode: string;
  comments: string;
  lineStatus: string;
  laborOpCode: string;
  netItemTotal: string;
}

export interface TFakeOtRepairOrder {
  companyNumber: string;
  internalKey: string;
  repairOrderNumber: string;
  openTransactionDate: string;
  timeIn: string;
  promisedDateTime: string;
  closeDate: string;
  finalCloseDate: string;
  customerKey: string;
  customerNumber: string;
  customerName: string;
  customerPhoneNumber: string;
  customerEmail: string;
  roStatus: string;
  serviceWriterId: string;
  vin: string;
  make: string;
  model: string;
  modelYear: string;
  odometerIn: string;
  modifiedAt: Date;
  details: TFakeOtLine[];
}

const x = (name: string, value: string) => (value === '' ? `<${name} />` : `<${name}>${value.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</${name}>`);

export function sampleOpenRepairOrder(): TFakeOtRepairOrder {
  return {
    companyNumber: 'ZE7',
    internalKey: '970',
    repairOrderNumber: '6000551',
    openTransactionDate: '20130206',
    timeIn: '1109',
    promisedDateTime: '201302061730',
    closeDate: '0',
    finalCloseDate: '0',
    customerKey: '1000267',
    customerNumber: '',
    customerName: 'DOE, JOHN',
    customerPhoneNumber: '5551234',
    customerEmail: 'JOHN.DOE@MAIL.COM',
    roStatus: '2',
    serviceWriterId: '999',
    vin: 'WBANA310X0B020226',
    make: 'BMW',
    model: '750LI',
    modelYear: '2006',
    odometerIn: '55235',
    modifiedAt: new Date('2013-02-06T16:09:00Z'),
    details: [
      {
        serviceLineNumber: '1',
        lineType: 'A',
        transCode: 'CP',
        comments: 'CUSTOMER STATES BRAKES SQUEAL',
        lineStatus: 'I',
        laborOpCode: '*',
        netItemTotal: '0',
      },
      { serviceLineNumber: '1', lineType: 'A', transCode: 'CP', comments: 'AT LOW SPEED', lineStatus: 'I', laborOpCode: '*', netItemTotal: '0' },
      { serviceLineNumber: '1', lineType: 'P', transCode: 'CP', comments: '', lineStatus: 'I', laborOpCode: '', netItemTotal: '89.95' },
    ],
  };
}

export function sampleClosedRepairOrder(): TFakeOtRepairOrder {
  return {
    ...sampleOpenRepairOrder(),
    repairOrderNumber: '6000432',
    openTransactionDate: '20130618',
    closeDate: '20130807',
    finalCloseDate: '20130807',
    customerKey: '0',
    customerName: 'INVENTORY: CN126B',
    customerPhoneNumber: '0',
    customerEmail: '',
    serviceWriterId: 'DT',
    details: [],
  };
}

export function sampleServiceWriters(): Array<{ id: string; name: string; active: boolean }> {
  return [
    { id: 'DT', name: 'DEALERTRACK SW', active: true },
    { id: '999', name: 'ARKONA SUPPORT', active: true },
    { id: 'OLD', name: 'FORMER WRITER', active: false },
  ];
}

export function otServiceWriterXml(w: { id: string; name: string; active: boolean }, company: string): string {
  return `<ServiceWriterRecord>${x('CompanyNumber', company)}${x('ID', w.id)}${x('Name', w.name)}${x('Initials', w.id === 'DT' ? 'DT' : '')}<EmployeeNumber />${x('Active', w.active ? 'Y' : 'N')}</ServiceWriterRecord>`;
}

export function otOpenRepairOrderXml(r: TFakeOtRepairOrder): string {
  const details = r.details
    .map(
      (d, i) =>
        `<OpenRepairOrderDetail>${x('ServiceLineNumber', d.serviceLineNumber)}${x('LineType', d.lineType)}${x('SequenceNumber', String(i))}${x('TransCode', d.transCode)}` +
        `${x('TransDate', r.openTransactionDate)}${x('Comments', d.comments)}${x('LineStatus', d.lineStatus)}${x('ServiceType', 'MR')}<TechnicianID />` +
        `${x('LaborOpCode', d.laborOpCode)}${x('LaborHours', '0')}${x('ActualRetailAmount', '0')}${x('NetItemTotal', d.netItemTotal)}${x('DateTimeLineCompleted', '0')}</OpenRepairOrderDetail>`,
    )
    .join('');
  return (
    `<Result>${x('CompanyNumber', r.companyNumber)}${x('InternalKey', r.internalKey)}<CounterPersonID /><RecordStatus />${x('DocumentType', 'RO')}` +
    `${x('TransactionType', '3')}${x('OpenTransactionDate', r.openTransactionDate)}${x('RepairOrderNumber', r.repairOrderNumber)}${x('CustomerNumber', r.customerNumber)}` +
    `${x('CustomerKey', r.customerKey)}${x('CustomerName', r.customerName)}${x('CustomerPhoneNumber', r.customerPhoneNumber)}${x('CustomerAddress1', '240 5TH AVE.')}` +
    `${x('CustomerCity', 'NEW YORK CITY')}${x('CustomerZipCode', '100440000')}${x('CustomerEmail', r.customerEmail)}${x('ROStatus', r.roStatus)}` +
    `${x('ServiceWriterID', r.serviceWriterId)}<ROTechnicianID />${x('TotalEstimate', '5')}${x('VIN', r.vin)}${x('Make', r.make)}${x('Model', r.model)}` +
    `${x('ModelYear', r.modelYear)}${x('FranchiseCode', 'OT')}${x('OdometerIn', r.odometerIn)}${x('OdometerOut', '0')}${x('TimeIn', r.timeIn)}` +
    `${x('PromisedDateTime', r.promisedDateTime)}<TagNumber />${x('LaborTotal', '0')}${x('PartsTotal', '0')}${x('CustomerPayTotalDue', '0')}` +
    `${x('AppointmentDateTime', '0')}${x('DateToArrive', '0')}<Details>${details}</Details></Result>`
  );
}

export function otClosedRepairOrderXml(r: TFakeOtRepairOrder): string {
  return (
    `<ClosedRepairOrder>${x('CompanyNumber', r.companyNumber)}${x('RepairOrderNumber', r.repairOrderNumber)}${x('RepairOrderType', 'I')}<WarrantyRONumber />` +
    `${x('ServiceWriterID', r.serviceWriterId)}<ROTechnicianID />${x('CustomerKey', r.customerKey)}${x('CustomerName', r.customerName)}` +
    `${x('CustomerPhoneNumber', r.customerPhoneNumber)}${x('OpenDate', r.openTransactionDate)}${x('CloseDate', r.closeDate)}${x('FinalCloseDate', r.finalCloseDate)}` +
    `${x('VIN', r.vin)}${x('OdometerIn', r.odometerIn)}${x('OdometerOut', '55240')}${x('PartsTotal', '0')}${x('LaborTotal', '42.5')}` +
    `<Details><ClosedRepairOrderDetail>${x('LineNumber', '1')}<LaborDetails><Labor>${x('LineType', 'A')}${x('LineSeqNumber', '1')}` +
    `${x('TransactionCode', 'IS')}${x('TransactionDate', r.closeDate)}${x('LinePaymentMethod', 'I')}${x('ServiceType', 'MR')}<TechnicianID />` +
    `${x('LaborOpCode', '01PDI')}${x('LaborHours', '0.8')}${x('LaborAmount', '42.5')}${x('LaborCost', '20')}</Labor></LaborDetails>` +
    `<Parts /><Comments><Comment>${x('LineSeqNumber', '1')}${x('LineType', 'A')}${x('TransCode', 'IS')}${x('Text', 'PDI & DETAIL')}</Comment></Comments>` +
    `</ClosedRepairOrderDetail></Details></ClosedRepairOrder>`
  );
}

export function sampleCustomerXml(): string {
  return (
    `<Result>${x('CompanyNumber', 'ZE7')}${x('CustomerNumber', '1000171')}${x('TypeCode', 'I')}${x('LastName', 'SHIER')}${x('FirstName', 'PAUL')}` +
    `${x('Address1', '100 MAIN ST')}${x('City', 'NAPLES')}${x('StateCode', 'FL')}${x('ZipCode', '341100000')}${x('PhoneNumber', '4075558899')}` +
    `${x('BusinessPhone', '0')}${x('CellPhone', '0')}${x('Email1', 'PSHIER@EXAMPLE.COM')}<Email2 />${x('AllowContactByPostal', 'Y')}` +
    `${x('AllowContactByPhone', 'Y')}${x('AllowContactByEmail', 'Y')}${x('LastChangeDate', '20120716')}<Vehicles><VIN>WBANA310X0B020226</VIN></Vehicles></Result>`
  );
}
