import { describe, expect, it } from 'vitest';
import { computeSignature, verifySigV4, type SignedRequest } from '../../server/identity/sigv4.js';

const credentials = {
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};

describe('SigV4 signature', () => {
    it("matches AWS's published example (aws-sig-v4-test-suite: get-vanilla)", () => {
        const request: SignedRequest = {
            method: 'GET',
            url: '/',
            headers: { host: 'example.amazonaws.com', 'x-amz-date': '20150830T123600Z' },
            body: Buffer.alloc(0),
        };
        const signature = computeSignature(
            request,
            ['host', 'x-amz-date'],
            '20150830T123600Z',
            '20150830/us-east-1/service/aws4_request',
            credentials.secretAccessKey,
        );
        expect(signature).toBe('5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31');
    });

    it("matches AWS's published example with a query (get-vanilla-query-order-key-case)", () => {
        const request: SignedRequest = {
            method: 'GET',
            url: '/?Param2=value2&Param1=value1',
            headers: { host: 'example.amazonaws.com', 'x-amz-date': '20150830T123600Z' },
            body: Buffer.alloc(0),
        };
        const signature = computeSignature(
            request,
            ['host', 'x-amz-date'],
            '20150830T123600Z',
            '20150830/us-east-1/service/aws4_request',
            credentials.secretAccessKey,
        );
        expect(signature).toBe('b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500');
    });
});

describe('verifySigV4', () => {
    const now = new Date('2030-05-01T10:00:00Z');
    const amzDate = '20300501T100000Z';
    const scope = '20300501/eu-central-1/cognito-idp/aws4_request';
    const signedHeaders = ['content-type', 'host', 'x-amz-date', 'x-amz-target'];
    const base = (): SignedRequest => ({
        method: 'POST',
        url: '/cognito-idp/',
        headers: {
            'content-type': 'application/x-amz-json-1.1',
            host: 'backoffice.example.com',
            'x-amz-date': amzDate,
            'x-amz-target': 'AWSCognitoIdentityProviderService.AdminGetUser',
        },
        body: Buffer.from('{"Username":"a"}'),
    });
    const sign = (request: SignedRequest, headers = signedHeaders) => {
        const signature = computeSignature(
            request,
            headers,
            amzDate,
            scope,
            credentials.secretAccessKey,
        );
        request.headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${headers.join(';')}, Signature=${signature}`;
        return request;
    };
    const expectation = { region: 'eu-central-1', service: 'cognito-idp', credentials, now };
    const refusal = (request: SignedRequest, when = now) => {
        try {
            verifySigV4(request, { ...expectation, now: when });
            return undefined;
        } catch (error) {
            return (error as { type?: string }).type;
        }
    };

    it('accepts a valid signature and returns the access key id', () => {
        expect(verifySigV4(sign(base()), expectation)).toBe('AKIDEXAMPLE');
        expect(refusal(sign(base()), new Date(now.getTime() + 14 * 60 * 1000))).toBeUndefined();
    });

    it('names each refusal as AWS does', () => {
        expect(refusal(base())).toBe('MissingAuthenticationTokenException');
        expect(
            refusal({ ...base(), headers: { ...base().headers, authorization: 'Bearer abc' } }),
        ).toBe('IncompleteSignatureException');
        const unknownKey = sign(base());
        unknownKey.headers.authorization = String(unknownKey.headers.authorization).replace(
            'AKIDEXAMPLE',
            'AKIDOTHER',
        );
        expect(refusal(unknownKey)).toBe('UnrecognizedClientException');
        const tampered = sign(base());
        tampered.body = Buffer.from('{"Username":"b"}');
        expect(refusal(tampered)).toBe('InvalidSignatureException');
        expect(refusal(sign(base()), new Date(now.getTime() + 16 * 60 * 1000))).toBe(
            'InvalidSignatureException',
        );
        expect(refusal(sign(base()), new Date(now.getTime() - 16 * 60 * 1000))).toBe(
            'InvalidSignatureException',
        );
        expect(refusal(sign(base(), ['content-type', 'host', 'x-amz-date']))).toBe(
            'InvalidSignatureException',
        );
        const badSignature = sign(base());
        badSignature.headers.authorization = String(badSignature.headers.authorization).replace(
            /Signature=\w+/,
            'Signature=zz',
        );
        expect(refusal(badSignature)).toBe('InvalidSignatureException');
    });
});
